import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Message } from "primereact/message";
import { Tag } from "primereact/tag";
import { useMemo } from "react";
import { z } from "zod";
import { columnsOf } from "../../../components/data-table/columns.ts";
import { DataTable } from "../../../components/data-table/data-table.tsx";
import { mailboxQueryOptions, type MailRow } from "../../../lib/admin.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";
import { MailDialog } from "./-components/mail-dialog.tsx";

/** 'Buzón de correo': the mail the embedded default keeps instead of sending, so a demo can follow its links. */
export const Route = createFileRoute("/_app/Admin/Buzon")({
  staticData: { title: "Buzón de correo" },
  validateSearch: tableSearchSchema.extend({ mail: z.number().int().optional().catch(undefined) }),
  search: { middlewares: [stripTableDefaults()] },
  beforeLoad: requirePermission("GESTION_USUARIOS"),
  loader: ({ context }) => context.queryClient.ensureQueryData(mailboxQueryOptions),
  component: Mailbox,
});

const c = columnsOf<MailRow>();

function Mailbox() {
  const { mail, ...search } = Route.useSearch();
  const navigate = Route.useNavigate();
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
    c.action("open", "Ver", (m) => (
      <Button
        type="button"
        icon="pi pi-eye"
        rounded
        text
        aria-label={`Ver el correo a ${m.to}`}
        onClick={() => navigate({ search: (s) => ({ ...s, mail: m.id }) })}
      />
    )),
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
