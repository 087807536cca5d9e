// 'Excepción de Garantía': reviewers see the exceptions they review; registrars the guarantees they may except.
import { useQuery } from "@tanstack/react-query";
import type { ExceptionListRow } from "#contract/guarantees/guarantees.ts";
import { exceptionListQuery } from "./api.ts";
import { GROUP_BY, guaranteeColumns, RowLink } from "./columns.tsx";
import { GuaranteeList } from "./grid.tsx";

export function ExceptionList() {
  const list = useQuery(exceptionListQuery);
  const reviewer = list.data?.[0]?.modo === "revision";
  const columns = guaranteeColumns<ExceptionListRow>({
    staff: true,
    actions: (r) => (
      <span className="guarantee-actions">
        {r.pendiente_revision && (
          <RowLink
            to="/garantias_revision_excepcion/$id"
            row={r}
            icon="pi-check-square"
            label="Revisar excepción"
          />
        )}
        {r.excepcion && (
          <RowLink to="/garantias_view_excepcion/$id" row={r} icon="pi-eye" label="Visualizar excepción" />
        )}
        {r.registrable && (
          <RowLink to="/garantias_excepcion/$id" row={r} icon="pi-file-edit" label="Registrar excepción" />
        )}
      </span>
    ),
  });
  return (
    <GuaranteeList
      lead={reviewer
        ? "Excepciones cuya revisión le corresponde; las pendientes de su revisión aparecen primero."
        : "Garantías Ingresadas, Pendientes o Rechazadas en las que puede registrar una excepción, y las que ya tienen una."}
      title="Excepción de Garantía"
      columns={columns}
      query={list}
      groupBy={GROUP_BY}
    />
  );
}
