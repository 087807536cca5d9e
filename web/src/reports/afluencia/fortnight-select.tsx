// The daily traffic reports' 'Quincena' filter.
import { OptionSelect } from "../shared/filters.tsx";
import { type Fortnight, FORTNIGHTS } from "./fortnight.ts";

export function FortnightSelect(props: { value: Fortnight; onChange: (q: Fortnight) => void }) {
  return (
    <OptionSelect
      id="quincena"
      label="Quincena"
      value={props.value}
      options={FORTNIGHTS}
      onChange={props.onChange}
    />
  );
}
