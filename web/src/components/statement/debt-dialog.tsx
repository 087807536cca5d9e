// 'Detalle de la deuda': one overdue document of an account statement.
import { useQuery, type UseQueryOptions } from "@tanstack/react-query";
import type { DebtDetail, DocCurrency } from "#contract/tenant.ts";
import { type Currency, formatDate, formatMoney } from "../../lib/format.ts";
import { DialogFrame } from "../dialogs/dialog-frame.tsx";

const cur = (code: DocCurrency): Currency => (code === "USD" ? "$" : "S/");

/** 'Detalle de la deuda': one overdue document of the statement. */
export function DebtDialog(
  { id, onClose, query }: {
    id: number;
    onClose: () => void;
    /** The tenant's own call, or staff's (the customer's RUC). */
    // deno-lint-ignore no-explicit-any
    query: (id: number) => UseQueryOptions<DebtDetail, Error, DebtDetail, any>;
  },
) {
  const { data: d } = useQuery(query(id));
  return (
    <DialogFrame header="Detalle de la deuda" onClose={onClose}>
      {!d ? <p className="muted">Cargando información ...</p> : (
        <dl className="facts">
          <dt>Contrato</dt>
          <dd>{d.codigoContrato}</dd>
          <dt>Nombre comercial</dt>
          <dd>{d.nombreFantasia}</dd>
          <dt>Mall</dt>
          <dd>{d.denominacionEconomica}</dd>
          <dt>Tipo de documento</dt>
          <dd>{d.tipoDoc}</dd>
          <dt>Referencia</dt>
          <dd>{d.referencia}</dd>
          <dt>Concepto</dt>
          <dd>{d.concepto}</dd>
          <dt>Importe</dt>
          <dd>{formatMoney(d.importe, cur(d.moneda))}</dd>
          <dt>Saldo</dt>
          <dd>{formatMoney(d.saldo, cur(d.moneda))}</dd>
          <dt>Fecha de emisión</dt>
          <dd>{formatDate(d.fechaEmision)}</dd>
          <dt>Fecha de vencimiento</dt>
          <dd>{formatDate(d.fechaPago)}</dd>
          <dt>Días de atraso</dt>
          <dd>{d.diasAtraso}</dd>
        </dl>
      )}
    </DialogFrame>
  );
}
