import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { useState } from "react";
import { columnsOf } from "../../../components/data-table/columns.ts";
import { DataTable } from "../../../components/data-table/data-table.tsx";
import { type Currency, formatDate, formatMoney, formatPercent } from "../../../lib/format.ts";
import {
  debtQuery,
  type OverdueDebt,
  type Receivable,
  type Statement,
  statementQuery,
} from "../-tenant/api.ts";
import { MoodFace, tenantScreen } from "../-tenant/shared.tsx";

/** The account statement of the session's own customer (RUC), as the collections system reports it. */
export const Route = createFileRoute("/_app/estadoCuenta/EstadoCuenta")({
  staticData: { title: "Estado de Cuenta" },
  beforeLoad: tenantScreen("ESTADO_CUENTA_LOCATARIO"),
  loader: ({ context }) => context.queryClient.ensureQueryData(statementQuery),
  component: StatementScreen,
});

const cur = (code: string): Currency => (code === "USD" ? "$" : "S/");
type ContractRow = Statement["contratos"][number];
type AccountRow = Statement["cuentasRecaudadoras"][number];
type GuaranteeRow = Record<string, unknown>;
const cc = columnsOf<ContractRow>();
const dc = columnsOf<OverdueDebt>();
const ac = columnsOf<AccountRow>();
const gc = columnsOf<GuaranteeRow>();

function StatementScreen() {
  const { data } = useQuery(statementQuery);
  const [debt, setDebt] = useState<number | null>(null);
  if (!data) return null;
  const s = data;

  return (
    <div className="tenant-stack">
      <div className="statement-grid">
        <section className="card" aria-labelledby="customer-title">
          <h2 className="section-title" id="customer-title">
            <i className="pi pi-id-card" aria-hidden="true" /> Cliente
          </h2>
          <dl className="facts">
            <dt>Fecha</dt>
            <dd>{s.fecha ? formatDate(s.fecha) : "—"}</dd>
            <dt>Razón social</dt>
            <dd>{s.razonSocial}</dd>
            <dt>RUC</dt>
            <dd>{s.ruc}</dd>
            <dt>Dirección</dt>
            <dd>{s.direccion ?? "—"}</dd>
            <dt>Ejecutivo comercial</dt>
            <dd>{s.ejecutivoComercial ?? "—"}</dd>
            <dt>Ejecutivo de cobranza</dt>
            <dd>{s.ejecutivoCobranza ?? "—"}</dd>
            <dt>Condición de pago</dt>
            <dd>{s.condicionPago ?? "—"}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="oldest-title">
          <h2 className="section-title" id="oldest-title">
            <i className="pi pi-clock" aria-hidden="true" /> Factura más antigua
          </h2>
          <div className="oldest">
            <MoodFace days={s.diasFechaMasAntigua} />
            <div>
              <div className="days" data-testid="dias-atraso">
                {s.diasFechaMasAntigua} {s.diasFechaMasAntigua === 1 ? "día" : "días"}
              </div>
              <div className="muted">
                {s.documentoMasAntiguo
                  ? `de atraso · ${s.documentoMasAntiguo.referencia}, vencida el ${
                    formatDate(s.documentoMasAntiguo.fechaPago)
                  }`
                  : "sin deudas vencidas"}
              </div>
            </div>
          </div>
        </section>
      </div>

      <div className="statement-grid">
        <section className="card" aria-labelledby="receivable-title">
          <h2 className="section-title" id="receivable-title">
            <i className="pi pi-wallet" aria-hidden="true" /> Total por cobrar
          </h2>
          <div className="money-grid">
            <MoneyCard title="Soles" currency="S/" r={s.cobranza.soles} />
            <MoneyCard title="Dólares" currency="$" r={s.cobranza.dolares} />
          </div>
        </section>
        <section className="card" aria-labelledby="brackets-title">
          <h2 className="section-title" id="brackets-title">
            <i className="pi pi-chart-bar" aria-hidden="true" /> Antigüedad de la deuda
          </h2>
          <table className="brackets" aria-labelledby="brackets-title">
            <thead>
              <tr>
                <th scope="col">Tramo</th>
                <th scope="col">Soles</th>
                <th scope="col">Dólares</th>
              </tr>
            </thead>
            <tbody>
              {s.cobranza.tramoAntiguedad.map((b) => (
                <tr key={b.tramo}>
                  <td>{b.tramo}</td>
                  <td>{formatMoney(b.soles)}</td>
                  <td>{formatMoney(b.dolares, "$")}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>Total</td>
                <td>{formatMoney(s.cobranza.soles.total)}</td>
                <td>{formatMoney(s.cobranza.dolares.total, "$")}</td>
              </tr>
            </tfoot>
          </table>
        </section>
      </div>
      <section className="card" aria-labelledby="contracts-title">
        <h2 className="section-title" id="contracts-title">
          <i className="pi pi-file" aria-hidden="true" /> Contratos
        </h2>
        <DataTable
          title="Contratos"
          columns={[
            cc.text("codigoContrato", "Contrato"),
            cc.text("denominacion", "Denominación"),
            cc.text("mall", "Mall"),
            cc.integer("dso", "DSO"),
            cc.percent("porcentajeCxC", "% CxC"),
            cc.percent("eficienciaCobranza", "Eficiencia de cobranza"),
            cc.text("moneda", "Moneda"),
          ]}
          data={s.contratos}
          pageSize={5}
        />
      </section>
      <section className="card" aria-labelledby="debts-title">
        <h2 className="section-title" id="debts-title">
          <i className="pi pi-exclamation-circle" aria-hidden="true" /> Deudas vencidas
        </h2>
        <DataTable
          title="Deudas vencidas"
          columns={[
            dc.text("mall", "Mall"),
            dc.text("numeroContrato", "Contrato"),
            dc.text("tipoDoc", "Tipo Doc"),
            dc.text("referencia", "Referencia"),
            dc.text("texto", "Concepto"),
            dc.date("fechaEmision", "Fecha Emisión"),
            dc.date("fechaPago", "Fecha Vencimiento"),
            dc.text("moneda", "Moneda"),
            dc.number("importe", "Importe"),
            dc.integer("atrasoDias", "Días de atraso"),
            dc.action("detail", "Detalle", (d) => (
              <Button
                type="button"
                icon="pi pi-search"
                rounded
                text
                aria-label={`Ver el detalle de ${d.referencia}`}
                tooltip="Detalle"
                tooltipOptions={{ position: "left" }}
                onClick={() => setDebt(d.idDeuda)}
              />
            )),
          ]}
          data={s.deudasVencidas}
          pageSize={8}
          getRowId={(d) => String(d.idDeuda)}
        />
      </section>

      <section className="card" aria-labelledby="accounts-title">
        <h2 className="section-title" id="accounts-title">
          <i className="pi pi-building-columns" aria-hidden="true" /> Cuentas recaudadoras
        </h2>
        <DataTable
          title="Cuentas recaudadoras"
          columns={[
            ac.text("entidad", "Entidad"),
            ac.text("tipoCuenta", "Tipo de cuenta"),
            ac.text("cuentaSoles", "Cuenta Soles"),
            ac.text("cciCuentaSoles", "CCI Soles"),
            ac.text("cuentaDolares", "Cuenta Dólares"),
            ac.text("cciCuentaDolares", "CCI Dólares"),
          ]}
          data={s.cuentasRecaudadoras}
        />
      </section>

      <section className="card" aria-labelledby="guarantees-title">
        <h2 className="section-title" id="guarantees-title">
          <i className="pi pi-shield" aria-hidden="true" /> Garantías
        </h2>
        <DataTable
          title="Garantías"
          columns={[
            gc.text("nroContrato", "Contrato"),
            gc.text("nroCartaFianza", "Nro. Carta Fianza"),
            gc.text("nombreMall", "Mall"),
            gc.text("codigoMoneda", "Moneda"),
            gc.number("importe", "Importe"),
            gc.date("fechaEmisionCartaFianza", "Fecha Emisión"),
            gc.date("fechaVencimientoCartaFianza", "Fecha Vencimiento"),
            gc.text("estado", "Estado"),
            gc.text("origen", "Origen"),
          ]}
          data={s.garantias}
        />
      </section>
      {debt != null && <DebtDialog id={debt} onClose={() => setDebt(null)} />}
    </div>
  );
}

function MoneyCard({ title, currency, r }: { title: string; currency: Currency; r: Receivable }) {
  return (
    <section className="money-card" aria-label={`Total por cobrar en ${title.toLowerCase()}`}>
      <h3>{title}</h3>
      <div className="total" data-testid={`total-${title.toLowerCase()}`}>
        {formatMoney(r.total, currency)}
      </div>
      <dl>
        <dt>Vencido</dt>
        <dd>{formatMoney(r.vencidas, currency)}</dd>
        <dt>No vencido</dt>
        <dd>{formatMoney(r.noVencidas, currency)}</dd>
        <dt>% vencido</dt>
        <dd>{formatPercent(r.vencidasPorcentaje)}</dd>
      </dl>
    </section>
  );
}

function DebtDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: d } = useQuery(debtQuery(id));
  return (
    <Dialog
      visible
      onHide={onClose}
      header="Detalle de la deuda"
      style={{ width: "32rem", maxWidth: "95vw" }}
      draggable={false}
      modal
    >
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
    </Dialog>
  );
}
