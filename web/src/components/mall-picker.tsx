// The one mall picker of the feature screens (the maps, 'Locatarios', 'Actualizar Contratos'): a labelled
// dropdown of the malls the screen was given.
import { Dropdown } from "primereact/dropdown";
import { FormField } from "./form-field.tsx";

export interface MallOption {
  value: number;
  label: string;
}

export function MallPicker(
  { id, value, malls, onChange, width = "16rem" }: {
    id: string;
    value: number;
    malls: readonly MallOption[];
    onChange: (mall: number) => void;
    width?: string;
  },
) {
  return (
    <FormField id={id} label="Mall">
      <Dropdown
        inputId={id}
        value={value}
        options={[...malls]}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => typeof e.value === "number" && onChange(e.value)}
        pt={{ trigger: { "aria-label": "Mall" } }}
        style={{ minWidth: width }}
      />
    </FormField>
  );
}
