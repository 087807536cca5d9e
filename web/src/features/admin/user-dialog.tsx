import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { userBody, type UserInput } from "../../../../contract/admin.ts";
import { fieldAria, FormField } from "../../components/form-field.tsx";
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
    </FormDialog>
  );
}
