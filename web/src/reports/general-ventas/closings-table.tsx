// Reporte General de Ventas' table: the page of closings under headers that sort (asc → desc → unsorted),
// the contract a link to its drill-down, and the totals per currency at the foot.

import { MessageRow } from "../../components/data-table/parts.tsx";
import { RowButton } from "../../components/data-table/row-button.tsx";
import { formatInteger, formatMoney } from "../../lib/format.ts";
import type { ClosingColumn, ClosingRow } from "./columns.ts";
import type { Drill } from "./contract-closings.tsx";
import { cellText, COLUMNS, isNumeric, symbol, totalCells } from "./listing.ts";
import type { Sort, TotalRow } from "./report.ts";

const SORT_ICONS = { asc: "pi-sort-amount-up-alt", desc: "pi-sort-amount-down", none: "pi-sort-alt" };

export function ClosingsTable(props: {
  title: string;
  rows: ClosingRow[] | undefined;
  totals: TotalRow[] | undefined;
  loading: boolean;
  sort: Sort | null;
  onSort: (column: ClosingColumn) => void;
  onDrill: (drill: Drill) => void;
}) {
  const { rows, totals, loading, sort } = props;
  return (
    <table className="dt-table">
      <caption className="sr-only">{props.title}</caption>
      <thead>
        <tr>
          {COLUMNS.map((c) => {
            const sorted = sort?.column === c.key ? (sort.desc ? "desc" : "asc") : null;
            return (
              <th
                key={c.key}
                scope="col"
                className={isNumeric(c) ? "num" : undefined}
                aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
              >
                <button type="button" className="dt-sort" onClick={() => props.onSort(c.key)}>
                  {c.header}
                  <i aria-hidden="true" className={`pi ${SORT_ICONS[sorted ?? "none"]}`} />
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {loading || !rows || rows.length === 0
          ? <MessageRow colSpan={COLUMNS.length} loading={loading} empty="No se encontraron registros" />
          // Keyed by place on the page: another range, page or order shows other closings in the same rows,
          // whose cells' text changes (their nodes were removed and made on each change).
          : rows.map((r, i) => (
            <tr key={i} style={{ height: 40 }}>
              {COLUMNS.map((c) => (
                <td key={c.key} className={isNumeric(c) ? "num" : undefined}>
                  {c.key === "contrato"
                    ? (
                      <RowButton
                        link
                        label={r.contrato}
                        ariaLabel={`Cierres del contrato ${r.contrato}`}
                        onClick={() =>
                          props.onDrill({
                            contrato: r.contrato,
                            denominacion: r.denominacion,
                            moneda: r.moneda,
                          })}
                      />
                    )
                    : cellText(c, r)}
                </td>
              ))}
            </tr>
          ))}
      </tbody>
      {!loading && totals && totals.some((t) => t.closings > 0) && (
        <tfoot>
          {totals.map((t) => {
            const cells = totalCells(t);
            return (
              <tr key={t.moneda} className="dt-total">
                {COLUMNS.map((c) => {
                  const v = cells[c.key];
                  const text = v == null
                    ? ""
                    : c.kind === "money"
                    ? formatMoney(v, symbol(t.moneda))
                    : c.kind === "integer"
                    ? formatInteger(v)
                    : String(v);
                  return <td key={c.key} className={typeof v === "number" ? "num" : undefined}>{text}</td>;
                })}
              </tr>
            );
          })}
        </tfoot>
      )}
    </table>
  );
}
