// A table row's small text button ('Contratos', a detail icon) or link, drawn as PrimeReact's `<Button text
// size="small">` (or `<Button link>`) draws it (same elements and classes, so the theme styles it the same):
// a table draws one per row on every change of its figures, and PrimeReact's Button resolves its class names
// and pass-through options on each draw (2 to 3 ms of a filter change on a table of a few dozen rows).

export function RowButton(
  props: {
    label?: string;
    icon?: string;
    ariaLabel: string;
    onClick: () => void;
    /** As `<Button link className="p-0">` (a listing's contract code that opens its detail). */
    link?: boolean;
  },
) {
  const iconOnly = !props.label;
  const look = props.link ? "p-button-link p-0" : "p-button-text p-button-sm";
  return (
    <button
      type="button"
      className={`p-button p-component${iconOnly ? " p-button-icon-only" : ""} ${look}`}
      aria-label={props.ariaLabel}
      onClick={props.onClick}
    >
      {props.icon && <span className={`p-button-icon p-c ${props.icon}`} />}
      <span className="p-button-label p-c">{props.label ?? "\u00a0"}</span>
    </button>
  );
}
