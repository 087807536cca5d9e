// 'Excepción de Garantía': reviewers see the exceptions they review; registrars the guarantees they may except.
import { useQuery } from "@tanstack/react-query";
import type { ExceptionListRow } from "../../../../contract/guarantees/guarantees.ts";
import { exceptionListQuery } from "./api.ts";
import { GROUP_BY, guaranteeColumns, RowLink } from "./columns.tsx";
import { GuaranteeGrid } from "./grid.tsx";

export function ExceptionList() {
  const { data, isFetching, refetch } = useQuery(exceptionListQuery);
  const reviewer = data?.[0]?.modo === "revision";
  const columns = guaranteeColumns<ExceptionListRow>({
    staff: true,
    actions: (r) => {
      const n = r.numero ?? r.id_garantia_detalle;
      const id = r.id_garantia_detalle;
      return (
        <span className="guarantee-actions">
          {r.pendiente_revision && (
            <RowLink
              to="/garantias_revision_excepcion/$id"
              id={id}
              icon="pi-check-square"
              label={`Revisar excepción ${n}`}
            />
          )}
          {r.excepcion && (
            <RowLink
              to="/garantias_view_excepcion/$id"
              id={id}
              icon="pi-eye"
              label={`Visualizar excepción ${n}`}
            />
          )}
          {r.registrable && (
            <RowLink
              to="/garantias_excepcion/$id"
              id={id}
              icon="pi-file-edit"
              label={`Registrar excepción ${n}`}
            />
          )}
        </span>
      );
    },
  });
  return (
    <div className="card">
      <p className="page-lead">
        {reviewer
          ? "Excepciones cuya revisión le corresponde; las pendientes de su revisión aparecen primero."
          : "Garantías Ingresadas, Pendientes o Rechazadas en las que puede registrar una excepción, y las que ya tienen una."}
      </p>
      <GuaranteeGrid
        title="Excepción de Garantía"
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
