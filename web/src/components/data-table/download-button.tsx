// A table's 'Descargar' (Excel) button. PrimeReact's Button merges its pass-through props on every draw
// (a few hundred µs each), and a report table is drawn again on every filter change: drawn again only when
// its own state moves (busy, disabled), its click reaching the table's latest handler.
import { Button } from "primereact/button";
import { memo } from "react";
import { useLatest } from "../use-latest.ts";

const MemoButton = memo(Button);

export function DownloadButton(
  props: {
    name?: string;
    loading: boolean;
    disabled: boolean;
    onClick: () => void;
    /** What a long export has done so far ('Exportando… 5.000 de 19.415 filas'), said beside the button. */
    progress?: string | null;
  },
) {
  const onClick = useLatest(props.onClick);
  return (
    <>
      {props.progress && <span className="dt-progress" role="status">{props.progress}</span>}
      <MemoButton
        type="button"
        label="Descargar"
        icon="pi pi-file-excel"
        severity="success"
        outlined
        loading={props.loading}
        disabled={props.disabled}
        onClick={onClick}
        aria-label={props.name ? `Descargar ${props.name}` : undefined}
      />
    </>
  );
}
