// A table row's round icon button (edit, detail, remove): its name for screen readers and, when given, a
// tooltip on its left, as every listing draws it.
import { Button } from "primereact/button";

export function IconButton(
  { icon, ariaLabel, tooltip, onClick, danger, disabled }: {
    icon: string;
    ariaLabel: string;
    tooltip?: string;
    onClick: () => void;
    danger?: boolean;
    /** A disabled button still shows its tooltip (why it is disabled). */
    disabled?: boolean;
  },
) {
  return (
    <Button
      type="button"
      icon={icon}
      rounded
      text
      severity={danger ? "danger" : undefined}
      aria-label={ariaLabel}
      disabled={disabled}
      tooltip={tooltip}
      tooltipOptions={tooltip ? { position: "left", showOnDisabled: disabled } : undefined}
      onClick={onClick}
    />
  );
}
