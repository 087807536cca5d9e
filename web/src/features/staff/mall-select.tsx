import { useQuery } from "@tanstack/react-query";
import { Dropdown } from "primereact/dropdown";
import { FormField } from "../../components/form-field.tsx";
import { mallsQuery } from "./api.ts";

/** The mall selector of the staff management screens (spec 2: Santa Anita by default). */
export function MallSelect(
  { id, value, onChange }: { id: string; value: number; onChange: (mall: number) => void },
) {
  const { data } = useQuery(mallsQuery);
  return (
    <FormField id={id} label="Mall">
      <Dropdown
        inputId={id}
        value={value}
        options={data ?? []}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => typeof e.value === "number" && onChange(e.value)}
        style={{ minWidth: "16rem" }}
      />
    </FormField>
  );
}
