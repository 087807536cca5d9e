import { Button } from "primereact/button";
import { ProgressBar } from "primereact/progressbar";
import { useEffect, useState } from "react";
import type { LoadProgress } from "../../analytics/engine.ts";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";
import { formatInteger } from "../../lib/format.ts";
import "./reports.css";

const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;

/**
 * Under a tenth of a second a change feels instantaneous and needs no feedback but its result (Nielsen's 0.1 s
 * limit); a filter change computes in about that. Showing 'Cargando información ...' and dimming the figures
 * for those few tens of ms flashed the screen and cost a relayout of the page (16 ms of a Ventas Mensual
 * change) while DuckDB's answer waited for the main thread.
 */
export const FEEDBACK_DELAY_MS = 100;

/** True once `pending` has lasted FEEDBACK_DELAY_MS: when the screen shows that figures are being computed. */
export function useSlowPending(pending: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!pending) return;
    const timer = setTimeout(() => setSlow(true), FEEDBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending && slow;
}

/** 'Cargando información ...' with the extract download's bytes and rows while partitions arrive. */
export function ReportProgress({ progress, pending }: { progress: LoadProgress; pending: boolean }) {
  if (!progress.active && !pending) return null;
  return (
    <div className="report-progress" role="status" aria-live="polite">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      {progress.active
        ? (
          <span data-testid="report-progress">
            Cargando datos: {progress.done} de {progress.partitions} particiones · {mb(progress.bytes)}
            {progress.totalBytes ? ` (≈ ${mb(progress.totalBytes)} sin comprimir)` : ""} ·{" "}
            {formatInteger(progress.rows)} filas
          </span>
        )
        : <span>Cargando información ...</span>}
      {progress.active && progress.partitions > 0 && (
        <ProgressBar
          value={Math.round((progress.done / progress.partitions) * 100)}
          showValue={false}
          pt={{ root: { "aria-label": "Progreso de la carga" } }}
          style={{ width: "8rem", height: "0.4rem" }}
        />
      )}
    </div>
  );
}

/** The spec's generic error of a failed query (the SQL is in the console). */
export function ReportFailure({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="status-page" role="alert">
      <i className="pi pi-exclamation-circle status-icon" aria-hidden="true" />
      <h2>No se pudo cargar la información</h2>
      <p>Ocurrió un error al consultar el servicio. Intente nuevamente en unos momentos.</p>
      {onRetry && <Button type="button" label="Reintentar" icon="pi pi-refresh" onClick={onRetry} />}
    </div>
  );
}

export interface NoDataWarning {
  /** 'El mes seleccionado no tiene data registrada.' or 'El año X no tiene datos registrados.' */
  message: string;
  /** 'Se encontro datos en el año Y', when another year has data. */
  detail?: string;
  /** Applies the suggestion (e.g. the year with data). */
  onAccept?: () => void;
}

/** The warning modal for a month or comparison year without data. */
export function NoDataModal({ warning, onClose }: { warning: NoDataWarning | null; onClose: () => void }) {
  const close = () => {
    warning?.onAccept?.();
    onClose();
  };
  return (
    <DialogFrame
      header="Advertencia"
      visible={!!warning}
      onClose={onClose}
      width="28rem"
      footer={<Button type="button" label="Aceptar" onClick={close} autoFocus />}
    >
      <p className="no-data-message">{warning?.message}</p>
      {warning?.detail && <p className="muted">{warning.detail}</p>}
    </DialogFrame>
  );
}

/** The year with data nearest to `year` among those given, preferring earlier ones. */
export function nearestYear(year: number, withData: readonly number[]): number | null {
  const sorted = [...withData].sort((a, b) => Math.abs(a - year) - Math.abs(b - year) || a - b);
  return sorted[0] ?? null;
}
