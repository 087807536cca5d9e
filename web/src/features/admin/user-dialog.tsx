import { Dropdown } from "primereact/dropdown";
import { userBody, type UserInput } from "#contract/admin.ts";
import { FormField } from "../../components/form-field.tsx";
import { TextField } from "../../components/fields.tsx";
import { FormDialog } from "../../components/dialogs/form-dialog.tsx";
import { useForm } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { ADMIN_KEY, createUser, type RoleRow, updateUser, type UserRow } from "./api.ts";

const STATES = [{ label: "Activo", value: "A" }, { label: "Bloqueado", value: "I" }];

/** 'Agregar usuario' (user null) or 'Actualizar los detalles del usuario' (a user). */
export function UserDialog(
  { user, roles, onClose }: { user: UserRow | null; roles: RoleRow[]; onClose: () => void },
) {
  const { values: form, set, errors, setErrors } = useForm({
    email: user?.email ?? "",
    name: user?.name ?? "",
    dni: user?.dni ?? "",
    roleId: user?.roleId ?? (null as number | null),
    userState: user ? (user.userState ? "A" : "I") : "A",
    version: user?.version ?? 0,
  });
  // A new user's form holds state 'A', so the edit's schema checks both (and the POST leaves it out).
  const save = useSave({
    invalidate: [ADMIN_KEY],
    schema: userBody,
    values: form,
    setErrors,
    send: ({ userState, version, ...body }: UserInput) =>
      user ? updateUser(user.id, { ...body, userState, version }) : createUser(body),
    onSaved: onClose,
    onStale: (version) => set({ version }),
  });
  const roleOptions = roles.map((r) => ({ label: r.name, value: r.id }));

  return (
    <FormDialog
      id="user-form"
      header={user ? "Actualizar los detalles del usuario" : "Agregar usuario"}
      width="34rem"
      onClose={onClose}
      save={save}
    >
      <TextField
        id="user-email"
        label="Correo electrónico"
        error={errors.email}
        type="email"
        value={form.email}
        onChange={(email) => set({ email })}
        autoFocus
      />
      <TextField
        id="user-name"
        label="Nombre completo"
        error={errors.name}
        value={form.name}
        onChange={(name) => set({ name })}
      />
      <TextField
        id="user-dni"
        label="DNI"
        error={errors.dni}
        optional
        value={form.dni}
        inputMode="numeric"
        maxLength={20}
        onChange={(dni) => set({ dni })}
      />
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
    </FormDialog>
  );
}
