import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { useMemo, useState } from "react";
import { AccountStateTag } from "../../components/account-state-tag.tsx";
import { columnsOf } from "../../components/data-table/columns.ts";
import { iconColumnsOf } from "../../components/data-table/icon-columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { accountState } from "../../lib/format.ts";
import { rolesQueryOptions, type UserRow, usersQueryOptions } from "./api.ts";
import { UserDialog } from "./user-dialog.tsx";

const route = getRouteApi("/_app/Admin/UsersManagement");

const c = columnsOf<UserRow>();
const icons = iconColumnsOf<UserRow>();
// The state the tenant's 'Administración de Usuarios' shows too (issue 19); searched and exported as shown.
const stateOf = (u: UserRow) => accountState({ active: u.userState, activated: u.activated });

/** 'Usuarios': the users of the roles this administrator may list, with the add and edit dialogs. */
export function UsersScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: users, isFetching } = useSuspenseQuery(usersQueryOptions);
  const { data: roles } = useQuery(rolesQueryOptions);
  // undefined: closed; null: adding; a row: editing it.
  const [editing, setEditing] = useState<UserRow | null | undefined>(undefined);

  const columns = useMemo(() => [
    c.text("name", "Nombre Completo"),
    c.text("email", "Correo Electrónico"),
    c.text("roleName", "Rol"),
    {
      ...c.mapped("userState", "Estado", String, 190),
      accessorFn: stateOf,
      cell: ({ row }: { row: { original: UserRow } }) => (
        <AccountStateTag active={row.original.userState} activated={row.original.activated} />
      ),
    },
    icons.edit((u) => `Editar a ${u.name}`, setEditing, "Editar"),
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
