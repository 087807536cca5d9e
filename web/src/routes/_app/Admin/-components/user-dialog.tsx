import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import type { FormEvent } from "react";
import { z } from "zod";
import { fieldAria, FormField } from "../../../../components/form-field.tsx";
import type { RoleRow, UserRow } from "../../../../lib/admin.ts";
import { post, put } from "../../../../lib/api.ts";
import { requiredEmail, requiredText, serverFieldErrors, useForm, validate } from "../../../../lib/forms.ts";

const userSchema = z.object({
  email: requiredEmail("Ingresar el correo"),
  name: requiredText("Ingresar el nombre"),
  dni: z.string().trim().max(20, "El DNI no debe superar los 20 caracteres").optional(),
  roleId: z.number({ error: "Selecciona un rol" }).int(),
  userState: z.enum(["A", "I"]),
});

const STATES = [{ label: "Activo", value: "A" }, { label: "Bloqueado", value: "I" }];

/** 'Agregar usuario' (user null) or 'Actualizar los detalles del usuario' (a user). */
export function UserDialog(
  { user, roles, onClose }: { user: UserRow | null; roles: RoleRow[]; onClose: () => void },
) {
  const queryClient = useQueryClient();
  const { values: form, set, errors, setErrors } = useForm({
    email: user?.email ?? "",
    name: user?.name ?? "",
    dni: user?.dni ?? "",
    roleId: user?.roleId ?? (null as number | null),
    userState: user ? (user.userState ? "A" : "I") : "A",
  });
  const save = useMutation({
    mutationFn: (v: z.infer<typeof userSchema>) => {
      const body = { email: v.email, name: v.name, dni: v.dni || undefined, roleId: v.roleId };
      return user
        ? put(`/api/admin/users/${user.id}`, { ...body, userState: v.userState })
        : post("/api/admin/users", body);
    },
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ["admin"] });
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(e)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = validate(userSchema, form);
    setErrors(v.ok ? {} : v.errors);
    if (v.ok && !save.isPending) save.mutate(v.data);
  };
  const roleOptions = roles.map((r) => ({ label: r.name, value: r.id }));

  return (
    <Dialog
      visible
      onHide={onClose}
      header={user ? "Actualizar los detalles del usuario" : "Agregar usuario"}
      style={{ width: "34rem", maxWidth: "95vw" }}
      draggable={false}
      modal
    >
      <form id="user-form" className="dialog-form" onSubmit={submit} noValidate>
        <FormField id="user-email" label="Correo electrónico" error={errors.email}>
          <InputText
            {...fieldAria("user-email", errors.email)}
            type="email"
            value={form.email}
            onChange={(e) => set({ email: e.target.value })}
            autoFocus
          />
        </FormField>
        <FormField id="user-name" label="Nombre completo" error={errors.name}>
          <InputText
            {...fieldAria("user-name", errors.name)}
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </FormField>
        <FormField id="user-dni" label="DNI" error={errors.dni} optional>
          <InputText
            {...fieldAria("user-dni", errors.dni)}
            value={form.dni}
            inputMode="numeric"
            maxLength={20}
            onChange={(e) => set({ dni: e.target.value })}
          />
        </FormField>
        <FormField id="user-role" label="Rol" error={errors.roleId}>
          <Dropdown
            inputId="user-role"
            className={errors.roleId ? "p-invalid w-full" : "w-full"}
            aria-invalid={errors.roleId ? true : undefined}
            aria-describedby={errors.roleId ? "user-role-error" : undefined}
            value={form.roleId}
            options={roleOptions}
            onChange={(e) => set({ roleId: e.value })}
            placeholder="Seleccione un rol"
            filter={roleOptions.length > 8}
            emptyMessage="No hay roles disponibles"
          />
        </FormField>
        {user && (
          <FormField id="user-state" label="Estado">
            <Dropdown
              inputId="user-state"
              className="w-full"
              value={form.userState}
              options={STATES}
              onChange={(e) => set({ userState: e.value })}
            />
          </FormField>
        )}
        {!user && (
          <p className="dialog-note">
            <i className="pi pi-info-circle" aria-hidden="true" />{" "}
            El usuario recibirá un correo con el enlace para activar su cuenta y definir su contraseña.
          </p>
        )}
      </form>
      <div className="dialog-footer">
        <Button type="button" label="Cancelar" severity="secondary" text onClick={onClose} />
        <Button type="submit" form="user-form" label="Guardar" icon="pi pi-check" loading={save.isPending} />
      </div>
    </Dialog>
  );
}
