// The button that starts a save or another step of a form: 'Guardar' with the disk unless told, its spinner
// while the call runs, and no second click meanwhile. Without `onClick` it submits its form.
import { Button } from "primereact/button";

export function SaveButton(
  { label = "Guardar", icon = "pi pi-save", busy = false, ready = true, onClick, form }: {
    label?: string;
    icon?: string;
    /** The call runs: the spinner, and the button does nothing. */
    busy?: boolean;
    /** False while the form cannot be saved (nothing chosen, a step not offered). */
    ready?: boolean;
    onClick?: () => void;
    /** The form it submits when outside it (a dialog's footer). */
    form?: string;
  },
) {
  return (
    <Button
      type={onClick ? "button" : "submit"}
      form={form}
      label={label}
      icon={icon}
      disabled={!ready || busy}
      loading={busy}
      onClick={onClick}
    />
  );
}
