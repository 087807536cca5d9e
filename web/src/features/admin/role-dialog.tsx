import { useQuery, useQueryClient } from "@tanstack/react-query";
import { roleUpdateBody } from "#contract/admin.ts";
import { TextField } from "../../components/fields.tsx";
import { FormDialog } from "../../components/dialogs/form-dialog.tsx";
import { useForm } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { SESSION_KEY } from "../../lib/session.ts";
import { ADMIN_KEY, createRole, permissionsQueryOptions, type RoleRow, updateRole } from "./api.ts";

import { PermissionPicker } from "./permission-picker.tsx";

/** 'Agregar Rol' (role null) or 'Actualizar rol': the name and a picker of the role's permissions. */
export function RoleDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data: all = [], isLoading } = useQuery(permissionsQueryOptions);
  const { values, set, errors, setErrors } = useForm({
    name: role?.name ?? "",
    permissions: role?.permissionList.map((p) => p.id) ?? [],
    version: role?.version ?? 0,
  });
  const save = useSave({
    invalidate: [ADMIN_KEY],
    schema: roleUpdateBody,
    values,
    setErrors,
    send: ({ version, ...v }) => role ? updateRole(role.id, { ...v, version }) : createRole(v),
    onStale: (version) => set({ version }),
    onSaved: () => {
      // The signed-in user's own role may have changed: the menu follows.
      queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      onClose();
    },
  });

  return (
    <FormDialog
      id="role-form"
      header={role ? "Actualizar rol" : "Agregar Rol"}
      width="48rem"
      onClose={onClose}
      save={save}
    >
      <TextField
        id="role-name"
        label="Nombre del rol"
        error={errors.name}
        value={values.name}
        onChange={(name) => set({ name })}
        autoFocus
      />
      <div className="field">
        <span className="field-label">Permisos</span>
        {isLoading ? <p className="muted">Cargando permisos...</p> : (
          <PermissionPicker
            all={all}
            value={values.permissions}
            onChange={(permissions) => set({ permissions })}
          />
        )}
      </div>
    </FormDialog>
  );
}
