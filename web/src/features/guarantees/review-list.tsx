// 'Revisión de Garantías' and 'Revisión de Garantías 2': the same grid over the two review lists.
import { useQuery } from "@tanstack/react-query";
import type { ReviewListRow } from "../../../../contract/guarantees.ts";
import { reviewListQuery } from "./api.ts";
import { GROUP_BY, guaranteeColumns, RowLink } from "./columns.tsx";
import { GuaranteeGrid } from "./grid.tsx";

export function ReviewList({ list, title }: { list: 1 | 2; title: string }) {
  const { data, isFetching, refetch } = useQuery(reviewListQuery(list));
  const columns = guaranteeColumns<ReviewListRow>({
    staff: true,
    actions: (r) => (
      <span className="guarantee-actions">
        <RowLink
          to="/garantias_view/$id"
          id={r.id_garantia_detalle}
          icon="pi-eye"
          label={`Visualizar la garantía ${r.numero ?? r.id_garantia_detalle}`}
        />
        <RowLink
          to="/garantias_revision/$id"
          id={r.id_garantia_detalle}
          icon="pi-check-square"
          label={`Revisar Garantía ${r.numero ?? r.id_garantia_detalle}`}
        />
      </span>
    ),
  });
  return (
    <div className="card">
      <GuaranteeGrid
        title={title}
        columns={columns}
        data={data}
        loading={isFetching && !data}
        groupBy={GROUP_BY}
        getRowId={(r) => String(r.id_garantia_detalle)}
        onRefresh={refetch}
      />
    </div>
  );
}
