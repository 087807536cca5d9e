import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { exceptionListQuery } from "../-guarantees/api.ts";
import { GROUP_BY, guaranteeColumns, RowLink } from "../-guarantees/columns.tsx";
import { GuaranteeGrid } from "../-guarantees/grid.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Excepción de Garantía': reviewers see the exceptions they review; registrars the guarantees they may except. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_excepcion")({
  staticData: { title: "Excepción de Garantía" },
  beforeLoad: requirePermission("GARANTIAS_EXCEPCION"),
  loader: ({ context }) => context.queryClient.ensureQueryData(exceptionListQuery),
  component: ExceptionList,
});

function ExceptionList() {
  const { data, isFetching, refetch } = useQuery(exceptionListQuery);
  const reviewer = data?.[0]?.modo === "revision";
  const columns = guaranteeColumns({
    staff: true,
    actions: (r) => {
      const n = r.numero ?? r.id_garantia_detalle;
      return (
        <span className="guarantee-actions">
          {r.pendiente_revision && (
            <RowLink
              to={`/garantias_revision_excepcion/${r.id_garantia_detalle}`}
              icon="pi-check-square"
              label={`Revisar excepción ${n}`}
            />
          )}
          {r.excepcion && (
            <RowLink
              to={`/garantias_view_excepcion/${r.id_garantia_detalle}`}
              icon="pi-eye"
              label={`Visualizar excepción ${n}`}
            />
          )}
          {r.registrable && (
            <RowLink
              to={`/garantias_excepcion/${r.id_garantia_detalle}`}
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
