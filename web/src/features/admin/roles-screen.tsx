import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { useMemo, useState } from "react";
import { columnsOf } from "../../components/data-table/columns.ts";
import { iconColumnsOf } from "../../components/data-table/icon-columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { ADMIN_KEY, removeRole, type RoleRow, rolesQueryOptions } from "./api.ts";
import { RoleDialog } from "./role-dialog.tsx";
import { ConfirmRemove } from "../../components/dialogs/confirm-remove.tsx";
import { useSave } from "../../lib/save.ts";

const route = getRouteApi("/_app/Admin/RoleManagement");

const c = columnsOf<RoleRow & { permissionCount: number; kind: string }>();
const icons = iconColumnsOf<RoleRow & { permissionCount: number; kind: string }>();

/** 'Roles & Permisos': the roles with their permissions; create, edit and remove (never while held). */
export function RolesScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const { data: roles } = useSuspenseQuery(rolesQueryOptions);
  const [editing, setEditing] = useState<RoleRow | null | undefined>(undefined);
  const [removing, setRemoving] = useState<RoleRow | null>(null);
  const remove = useSave({
    send: (r: RoleRow) => removeRole(r.id),
    invalidate: [ADMIN_KEY],
    // A refused removal (the role taken meanwhile) reads the list again too.
    onFailed: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });

  const rows = useMemo(() =>
    roles.map((r) => ({
      ...r,
      permissionCount: r.permissionList.length,
      kind: r.isTenant ? "Locatario" : "Personal",
    })), [roles]);
  const columns = useMemo(() => [
    c.text("name", "Nombre"),
    c.text("kind", "Tipo", 130),
    c.integer("userCount", "Usuarios"),
    c.integer("permissionCount", "Permisos"),
    icons.edit((r) => `Editar el rol ${r.name}`, setEditing),
    icons.remove((r) => `Eliminar el rol ${r.name}`, setRemoving, {
      blocked: (r) => r.userCount > 0 ? "No se puede eliminar: hay usuarios con este rol" : undefined,
    }),
  ], []);

  return (
    <div className="card">
      <DataTable
        title="Lista de funciones"
        columns={columns}
        data={rows}
        pageSize={20}
        getRowId={(r) => String(r.id)}
        state={search}
        onStateChange={(next) => navigate({ search: (s) => ({ ...s, ...next }), replace: true })}
        actions={
          <Button
            type="button"
            label="Crear Rol"
            icon="pi pi-plus"
            onClick={() => setEditing(null)}
          />
        }
      />
      {editing !== undefined && <RoleDialog role={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmRemove
        row={removing}
        header="Eliminar rol"
        message={(r) => `¿Está seguro de que desea eliminar el rol "${r.name}"?`}
        onClose={() => setRemoving(null)}
        onRemove={remove.save}
      />
    </div>
  );
}
