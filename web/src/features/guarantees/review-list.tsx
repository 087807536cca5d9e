// 'Revisión de Garantías' and 'Revisión de Garantías 2': the same grid over the two review lists, with the
// 'Reportes' dropdown (four Excel files made by the server, contract/guarantees/reports.ts).
import { useQuery } from "@tanstack/react-query";
import { GUARANTEE_REPORTS, GUARANTEE_REPORTS_API, REPORT_IDS } from "#contract/guarantees/reports.ts";
import type { ReviewListRow } from "#contract/guarantees/guarantees.ts";
import { reviewListQuery } from "./api.ts";
import { GROUP_BY, guaranteeColumns, RowLink } from "./columns.tsx";
import { GuaranteeList } from "./grid.tsx";

export function ReviewList({ list, title }: { list: 1 | 2; title: string }) {
  const rows = useQuery(reviewListQuery(list));
  const columns = guaranteeColumns<ReviewListRow>({
    staff: true,
    actions: (r) => (
      <span className="guarantee-actions">
        <RowLink to="/garantias_view/$id" row={r} icon="pi-eye" label="Visualizar la garantía" />
        <RowLink to="/garantias_revision/$id" row={r} icon="pi-check-square" label="Revisar Garantía" />
      </span>
    ),
  });
  return (
    <GuaranteeList title={title} columns={columns} query={rows} groupBy={GROUP_BY} head={<ReportsMenu />} />
  );
}

/** 'Reportes': the four Excel files the server makes. */
function ReportsMenu() {
  return (
    <details className="guarantee-reports">
      <summary className="p-button p-button-outlined p-button-sm">
        <i className="pi pi-file-excel" aria-hidden="true" /> Reportes
      </summary>
      <ul>
        {REPORT_IDS.map((id) => (
          <li key={id}>
            <a href={GUARANTEE_REPORTS_API.report(id)} download>{GUARANTEE_REPORTS[id]}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}
