// The exception screens' shared parts: the loader hook and the read-only sections (contract, guarantee,
// exception and its reviews).
import { useSuspenseQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { exceptionQuery } from "./api.ts";
import { Sections } from "./detail.tsx";
import { ExceptionData, ExceptionReviews, GeneralData, GuaranteeData } from "./sections.tsx";
import { type Crumb, ExceptionBadge, PageHeader, StateBadge } from "./shared.tsx";

export const EXCEPTION_CRUMBS: Crumb[] = [
  { label: "Garantías" },
  { label: "Excepción de Garantía", to: "/garantias/listado_garantias_excepcion" },
];

export function useExceptionScreen(id: number) {
  return useSuspenseQuery(exceptionQuery(id)).data;
}

export function ExceptionPage(
  { id, title, actions, exceptionBody, supportBody, footer }: {
    id: number;
    title: string;
    actions?: ReactNode;
    /** Section 3 in place of the read-only exception data (the registration form). */
    exceptionBody?: ReactNode;
    /** Section 4, the support file (registration). */
    supportBody?: ReactNode;
    footer?: ReactNode;
  },
) {
  const s = useExceptionScreen(id);
  const e = s.excepcion;
  const tabs = [
    { header: "Datos del Contrato", body: <GeneralData g={s.garantia} /> },
    { header: "Datos de la Garantía", body: <GuaranteeData d={s.detalle_garantia} g={s.garantia} /> },
    {
      header: "Datos de la Excepción",
      body: exceptionBody ?? (e
        ? (
          <div className="guarantee-stack">
            <ExceptionData e={e} />
            <ExceptionReviews e={e} />
          </div>
        )
        : <p className="muted">La garantía no tiene excepción registrada.</p>),
    },
  ];
  if (supportBody) tabs.push({ header: "Adjunto de la Excepción (.msg)", body: supportBody });
  return (
    <div className="guarantee-stack">
      <PageHeader title={title} crumbs={EXCEPTION_CRUMBS}>{actions}</PageHeader>
      <div className="card guarantee-head">
        <div className="guarantee-badges">
          <StateBadge code={s.detalle_garantia.estado.codigo} label={s.detalle_garantia.estado.label} />
          <ExceptionBadge state={e?.codigo_estado_excepcion} type={e?.nombre_tipo_excepcion} />
          <span className="muted">
            {s.garantia.nro_contrato} · {s.garantia.razon_social} · {s.detalle_garantia.tipo_garantia.nombre}
          </span>
        </div>
      </div>
      <div className="card">
        <Sections tabs={tabs} />
        {footer && <div className="guarantee-footer">{footer}</div>}
      </div>
    </div>
  );
}
