// A table's 'Descargar' (Excel) button. PrimeReact's Button merges its pass-through props on every draw
// (a few hundred µs each), and a report table is drawn again on every filter change: drawn again only when
// its own state moves (busy, disabled), its click reaching the table's latest handler.
import { Button } from "primereact/button";
import { memo } from "react";
import { useLatest } from "../use-latest.ts";

const MemoButton = memo(Button);

export function DownloadButton(
  props: { name?: string; loading: boolean; disabled: boolean; onClick: () => void },
) {
  const onClick = useLatest(props.onClick);
  return (
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
  );
}
