import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Tag } from "primereact/tag";
import { useMemo, useState } from "react";
import { columnsOf } from "../../../components/data-table/columns.ts";
import { DataTable } from "../../../components/data-table/data-table.tsx";
import { rolesQueryOptions, type UserRow, usersQueryOptions } from "../../../lib/admin.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";
import { UserDialog } from "./-components/user-dialog.tsx";

export const Route = createFileRoute("/_app/Admin/UsersManagement")({
  staticData: { title: "Usuarios" },
  validateSearch: tableSearchSchema,
  search: { middlewares: [stripTableDefaults()] },
  beforeLoad: requirePermission("GESTION_USUARIOS"),
  loader: ({ context }) => {
    // The roles feed the dialogs' role picker; the table does not wait for them.
    context.queryClient.prefetchQuery(rolesQueryOptions);
    return context.queryClient.ensureQueryData(usersQueryOptions);
  },
  component: UsersManagement,
});

const c = columnsOf<UserRow>();
const stateText = (v: unknown) => (v ? "Activo" : "Bloqueado");

function UsersManagement() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: users, isFetching } = useSuspenseQuery(usersQueryOptions);
  const { data: roles } = useQuery(rolesQueryOptions);
  // undefined: closed; null: adding; a row: editing it.
  const [editing, setEditing] = useState<UserRow | null | undefined>(undefined);

  const columns = useMemo(() => [
    c.text("name", "Nombre Completo"),
    c.text("email", "Correo Electrónico"),
    c.text("roleName", "Rol"),
    {
      ...c.mapped("userState", "Estado", stateText, 130),
      cell: ({ row }: { row: { original: UserRow } }) => (
        <Tag
          value={stateText(row.original.userState)}
          severity={row.original.userState ? "success" : "danger"}
          rounded
        />
      ),
    },
    c.action("edit", "Editar", (u) => (
      <Button
        type="button"
        icon="pi pi-pencil"
        rounded
        text
        aria-label={`Editar a ${u.name}`}
        tooltip="Editar"
        tooltipOptions={{ position: "left" }}
        onClick={() => setEditing(u)}
      />
    )),
  ], []);

  return (
    <div className="card">
      <DataTable
        title="Usuarios"
        columns={columns}
        data={users}
        loading={isFetching && !users}
        pageSize={8}
        getRowId={(u) => String(u.id)}
        state={search}
        onStateChange={(next) => navigate({ search: (s) => ({ ...s, ...next }), replace: true })}
        actions={
          <Button
            type="button"
            label="Añadir Usuario"
            icon="pi pi-user-plus"
            onClick={() => setEditing(null)}
          />
        }
      />
      {editing !== undefined && (
        <UserDialog
          user={editing}
          roles={roles ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
    </div>
  );
}
