// The read-only detail of a guarantee (staff /garantias_view, tenant /garantias_view_locatario, and the body
// of /garantias_revision). The detail routes' {id} param and loaders are in detail-route.ts.
import { useSuspenseQuery } from "@tanstack/react-query";
import { Accordion, AccordionTab } from "primereact/accordion";
import type { ReactNode } from "react";
import { guaranteeQuery } from "./api.ts";
import { ExceptionData, GeneralData, GuaranteeData, GuaranteeHead, ReviewHistory } from "./sections.tsx";
import { type Crumb, PageHeader } from "./shared.tsx";

/** Accordion tabs all open, as the spec's screens show them. */
export function Sections({ tabs }: { tabs: { header: string; body: ReactNode }[] }) {
  return (
    <Accordion multiple activeIndex={tabs.map((_, i) => i)}>
      {tabs.map((t) => <AccordionTab key={t.header} header={t.header}>{t.body}</AccordionTab>)}
    </Accordion>
  );
}

export function GuaranteeDetail(
  { id, title, crumbs, actions }: { id: number; title: string; crumbs: Crumb[]; actions?: ReactNode },
) {
  const { data: view } = useSuspenseQuery(guaranteeQuery(id));
  const d = view.detalle_garantia;
  const e = view.excepcion;
  const tabs = [
    { header: "Datos Generales", body: <GeneralData g={view.garantia} /> },
    {
      header: d.tipo_garantia.codigo === "GAR2" ? "Operación en Efectivo" : "Carta Fianza",
      body: <GuaranteeData d={d} g={view.garantia} />,
    },
  ];
  if (e && e.codigo_estado_excepcion === "APR") {
    tabs.push({ header: "Datos de la Excepción", body: <ExceptionData e={e} /> });
  }
  tabs.push({ header: "Historial de Revisiones", body: <ReviewHistory rows={view.historial} /> });
  return (
    <div className="guarantee-stack">
      <PageHeader title={title} crumbs={crumbs}>{actions}</PageHeader>
      <GuaranteeHead view={view} />
      <div className="card">
        <Sections tabs={tabs} />
      </div>
    </div>
  );
}
