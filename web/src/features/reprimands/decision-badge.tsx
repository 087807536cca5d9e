// A box's decision as a badge, shown by the grid and the detail dialog alike.
import { Tag } from "primereact/tag";
import { type Decision, decisionLabel } from "#contract/reprimands.ts";

/** 'Aprobado' green, 'Rechazado' red, pending grey. */
export function DecisionBadge({ value }: { value: Decision }) {
  return (
    <Tag value={decisionLabel(value)} severity={value == null ? "secondary" : value ? "success" : "danger"} />
  );
}
