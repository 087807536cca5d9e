// The account statement's head: customer, oldest overdue invoice, receivable and its age brackets.
import type { Receivable, Statement } from "#contract/tenant.ts";
import { type Currency, formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { MoodFace } from "./mood-face.tsx";
import { TitledCard } from "./titled-card.tsx";

const orDash = (x: string | null) => x ?? "—";

/** The statement's head: the customer, its oldest overdue invoice, the receivable and its age brackets. */
export function StatementSummary({ s }: { s: Statement }) {
  const oldest = s.documentoMasAntiguo;
  return (
    <>
      <div className="statement-grid">
        <TitledCard id="customer" icon="pi-id-card" title="Cliente">
          <dl className="facts">
            <dt>Fecha</dt>
            <dd>{s.fecha ? formatDate(s.fecha) : "—"}</dd>
            <dt>Razón social</dt>
            <dd>{s.razonSocial}</dd>
            <dt>RUC</dt>
            <dd>{s.ruc}</dd>
            <dt>Dirección</dt>
            <dd>{orDash(s.direccion)}</dd>
            <dt>Ejecutivo comercial</dt>
            <dd>{orDash(s.ejecutivoComercial)}</dd>
            <dt>Ejecutivo de cobranza</dt>
            <dd>{orDash(s.ejecutivoCobranza)}</dd>
            <dt>Condición de pago</dt>
            <dd>{orDash(s.condicionPago)}</dd>
          </dl>
        </TitledCard>
        <TitledCard id="oldest" icon="pi-clock" title="Factura más antigua">
          <div className="oldest">
            <MoodFace days={s.diasFechaMasAntigua} />
            <div>
              <div className="days" data-testid="dias-atraso">
                {s.diasFechaMasAntigua} {s.diasFechaMasAntigua === 1 ? "día" : "días"}
              </div>
              <div className="muted">
                {oldest
                  ? `de atraso · ${oldest.referencia}, vencida el ${formatDate(oldest.fechaPago)}`
                  : "sin deudas vencidas"}
              </div>
            </div>
          </div>
        </TitledCard>
      </div>

      <div className="statement-grid">
        <TitledCard id="receivable" icon="pi-wallet" title="Total por cobrar">
          <div className="money-grid">
            <MoneyCard title="Soles" currency="S/" r={s.cobranza.soles} />
            <MoneyCard title="Dólares" currency="$" r={s.cobranza.dolares} />
          </div>
        </TitledCard>
        <TitledCard id="brackets" icon="pi-chart-bar" title="Antigüedad de la deuda">
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
        </TitledCard>
      </div>
    </>
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
