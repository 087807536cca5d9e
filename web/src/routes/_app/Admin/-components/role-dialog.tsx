import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { InputText } from "primereact/inputtext";
import type { FormEvent } from "react";
import { z } from "zod";
import { fieldAria, FormField } from "../../../../components/form-field.tsx";
import { permissionsQueryOptions, type RoleRow } from "../../../../lib/admin.ts";
import { post, put } from "../../../../lib/api.ts";
import { requiredText, serverFieldErrors, useForm, validate } from "../../../../lib/forms.ts";
import { PermissionPicker } from "./permission-picker.tsx";

const roleSchema = z.object({ name: requiredText("Ingresar el rol"), permissions: z.array(z.string()) });

/** 'Agregar Rol' (role null) or 'Actualizar rol': the name and a picker of the role's permissions. */
export function RoleDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data: all = [], isLoading } = useQuery(permissionsQueryOptions);
  const { values, set, errors, setErrors } = useForm({
    name: role?.name ?? "",
    permissions: role?.permissionList.map((p) => p.id) ?? [],
  });
  const save = useMutation({
    mutationFn: (v: z.infer<typeof roleSchema>) =>
      role ? put(`/api/admin/roles/${role.id}`, v) : post("/api/admin/roles", v),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ["admin"] });
      queryClient.invalidateQueries({ queryKey: ["session"] });
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(e)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = validate(roleSchema, values);
    setErrors(v.ok ? {} : v.errors);
    if (v.ok && !save.isPending) save.mutate(v.data);
  };

  return (
    <Dialog
      visible
      onHide={onClose}
      header={role ? "Actualizar rol" : "Agregar Rol"}
      style={{ width: "48rem", maxWidth: "96vw" }}
      draggable={false}
      modal
    >
      <form id="role-form" className="dialog-form" onSubmit={submit} noValidate>
        <FormField id="role-name" label="Nombre del rol" error={errors.name}>
          <InputText
            {...fieldAria("role-name", errors.name)}
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
            autoFocus
          />
        </FormField>
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
      </form>
      <div className="dialog-footer">
        <Button type="button" label="Cancelar" severity="secondary" text onClick={onClose} />
        <Button type="submit" form="role-form" label="Guardar" icon="pi pi-check" loading={save.isPending} />
      </div>
    </Dialog>
  );
}
