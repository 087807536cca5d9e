import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { Message } from "primereact/message";
import { Tag } from "primereact/tag";
import { useMemo } from "react";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { mailboxQueryOptions, type MailRow } from "./api.ts";
import { MailDialog } from "./mail-dialog.tsx";
import { IconButton } from "../../components/data-table/icon-button.tsx";

const route = getRouteApi("/_app/Admin/Buzon");

const c = columnsOf<MailRow>();

/** 'Buzón de correo': the mail the embedded default keeps instead of sending, so a demo can follow its links. */
export function MailboxScreen() {
  const { mail, ...search } = route.useSearch();
  const navigate = route.useNavigate();
  const { data: mails } = useSuspenseQuery(mailboxQueryOptions);

  const columns = useMemo(() => [
    c.dateTime("createdAt", "Fecha"),
    c.text("to", "Para"),
    c.text("subject", "Asunto"),
    {
      ...c.mapped("sentAt", "Estado", (v) => (v ? "Entregado" : "Pendiente"), 130),
      cell: ({ row }: { row: { original: MailRow } }) => (
        <Tag
          value={row.original.sentAt ? "Entregado" : "Pendiente"}
          severity={row.original.sentAt ? "success" : "warning"}
        />
      ),
    },
    c.action(
      "open",
      "Ver",
      (m) => (
        <IconButton
          icon="pi pi-eye"
          ariaLabel={`Ver el correo a ${m.to}`}
          onClick={() => navigate({ search: (s) => ({ ...s, mail: m.id }) })}
        />
      ),
    ),
  ], [navigate]);

  if (mails === null) {
    return (
      <div className="card">
        <Message
          severity="info"
          className="w-full justify-content-start"
          text="El correo de este portal se envía por SMTP: el buzón local solo existe cuando no hay un servidor de correo configurado."
        />
      </div>
    );
  }

  const selected = mails.find((m) => m.id === mail);

  return (
    <div className="card">
      <p className="page-lead">
        Correos generados por el portal (activación de cuentas y cambio de contraseña). Abra uno para seguir
        su enlace; para probarlo como otro usuario, copie el enlace en una ventana privada.
      </p>
      <DataTable
        title="Buzón de correo"
        columns={columns}
        data={mails}
        getRowId={(m) => String(m.id)}
        state={search}
        onStateChange={(next) => navigate({ search: (s) => ({ ...s, ...next }), replace: true })}
        emptyMessage="No hay correos en el buzón."
      />
      {selected && (
        <MailDialog
          mail={selected}
          onClose={() => navigate({ search: (s) => ({ ...s, mail: undefined }) })}
        />
      )}
    </div>
  );
}
