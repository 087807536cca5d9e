import type { Figure } from "#contract/tenant.ts";
import { formatNumber, formatPercent } from "../../lib/format.ts";
import "./tenant.css";

/** An indicator card: value, and its change versus the previous day with an arrow. */
export function FigureCard(
  { label, figure, prefix = "S/", note }: { label: string; figure: Figure; prefix?: string; note?: string },
) {
  const v = figure.value, d = figure.variation;
  const trend = d == null ? "" : d > 0 ? "up" : d < 0 ? "down" : "flat";
  return (
    <section className="figure-card" aria-label={label}>
      <h3>{label}</h3>
      <div className="figure-value" data-value={v ?? ""}>
        {v == null ? "—" : `${v < 0 ? "-" : ""}${prefix} ${formatNumber(Math.abs(v))}`}
      </div>
      <div className={`figure-variation ${trend}`} data-variation={d ?? ""}>
        {d == null ? <span>Sin variación disponible</span> : (
          <>
            <i
              className={`pi ${d > 0 ? "pi-arrow-up" : d < 0 ? "pi-arrow-down" : "pi-minus"}`}
              aria-hidden="true"
            />{" "}
            {d > 0 ? "+" : ""}
            {formatPercent(d)} vs. día anterior
          </>
        )}
      </div>
      {note && v == null && <p className="figure-note">{note}</p>}
    </section>
  );
}
