// Dashboard de Garantías (spec 3 section 2.3), open panels: 'Garantía Por Vencimiento' — the current bank
// letters expired or not (a donut) and by mall (100% columns on the reports' chart), for a year of expiry —
// 'Grado De Avance' — the approved guarantees received or not (with and without exception), by mall — and
// 'Cliente Con Garantía' — a tenant's active and inactive guarantees by RUC or contract number.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { useState } from "react";
import {
  type Amounts,
  CLIENT_FILTER_REQUIRED,
  type ClientPanel,
  COMING_DUE_DAYS,
  GUARANTEE_DASHBOARD_API,
} from "#contract/guarantees/dashboard.ts";
import { TextField } from "../../components/fields.tsx";
import { ApiError, get } from "../../lib/api.ts";
import { serverFieldErrors } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { formatDate, formatInteger, formatMoney, formatNumber } from "../../lib/format.ts";
import { ClusteredBars, StackedPercentChart } from "../../components/charts/charts.tsx";
import { CURRENT_YEAR, expiryPanelQuery, progressPanelQuery } from "./dashboard-api.ts";

import { Sections } from "./detail.tsx";
import "./reception.css";

const TONES = ["#d62f2f", "#002e98"];

interface Slice {
  label: string;
  cantidad: number;
  color: string;
  importe_soles: number;
  importe_dolares: number;
}

function Donut({ title, data }: { title: string; data: Slice[] }) {
  const total = data.reduce((n, d) => n + d.cantidad, 0);
  const r = 60, c = 2 * Math.PI * r;
  let offset = 0;
  const label = data.map((d) => `${d.label}: ${d.cantidad}`).join(", ");
  return (
    <div className="donut">
      <svg viewBox="0 0 160 160" width="180" height="180" role="img" aria-label={`${title} ${label}`}>
        <circle cx="80" cy="80" r={r} fill="none" stroke="#e5e7eb" strokeWidth="26" />
        {total > 0 && data.map((d) => {
          const len = (d.cantidad / total) * c;
          const arc = (
            <circle
              key={d.label}
              cx="80"
              cy="80"
              r={r}
              fill="none"
              stroke={d.color}
              strokeWidth="26"
              strokeDasharray={`${len} ${c - len}`}
              strokeDashoffset={-offset}
              transform="rotate(-90 80 80)"
            />
          );
          offset += len;
          return arc;
        })}
        <text x="80" y="86" textAnchor="middle" fontSize="22" fontWeight="700" fill="#1f2937">
          {formatInteger(total)}
        </text>
      </svg>
      <ul className="donut-legend">
        {data.map((d) => (
          <li key={d.label}>
            <i style={{ background: d.color }} aria-hidden="true" />
            <span>
              <strong>{d.label}</strong>: {formatInteger(d.cantidad)}
              {total > 0 && ` (${Math.round((d.cantidad / total) * 100)}%)`}
            </span>
            <small>
              {formatMoney(d.importe_soles, "S/")} · {formatMoney(d.importe_dolares, "$")}
            </small>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ExpiryBody() {
  const [anio, setAnio] = useState<number | null>(CURRENT_YEAR);
  const { data, isFetching } = useQuery({ ...expiryPanelQuery(anio), placeholderData: keepPreviousData });
  const years = [...new Set([...(data?.anios ?? []), CURRENT_YEAR])].sort((a, b) => b - a);
  return (
    <div className="expiry-panel">
      <div className="field expiry-filter">
        <label htmlFor="expiry-year">Año de vencimiento</label>
        <Dropdown
          inputId="expiry-year"
          value={anio ?? 0}
          options={[{ label: "Todos", value: 0 }, ...years.map((y) => ({ label: String(y), value: y }))]}
          onChange={(e) => setAnio(e.value ? Number(e.value) : null)}
          pt={{ trigger: { "aria-label": "Mostrar años" } }}
        />
        {data && (
          <small className="muted">Vencida: fecha de vencimiento anterior al {formatDate(data.hoy)}.</small>
        )}
      </div>
      {!data
        ? <p role="status">{isFetching ? "Cargando…" : "No se encontraron datos."}</p>
        : (
          <div className="expiry-charts">
            <Donut
              title="Cartas fianza"
              data={data.resumen.map((d, i) => ({ ...d, label: d.categoria, color: TONES[i] }))}
            />
            <div className="expiry-bars">
              {data.por_mall.length === 0 ? <p>No se encontraron datos.</p> : (
                <StackedPercentChart
                  title="Cartas fianza vencidas y por vencer por mall"
                  data={data.por_mall.map((m) => ({
                    x: m.mall,
                    vencidas: m.vencidas,
                    por_vencer: m.por_vencer,
                  }))}
                  series={[
                    { key: "vencidas", label: "Vencidas", color: TONES[0] },
                    { key: "por_vencer", label: "Por Vencer", color: TONES[1] },
                  ]}
                  format={(v) => (v == null ? "—" : formatInteger(v))}
                />
              )}
            </div>
          </div>
        )}
      {data && (
        <div className="scroll-x">
          <table className="vault-history progress-table">
            <caption className="reception-caption">
              Cartas fianza que vencen en los próximos {COMING_DUE_DAYS} días por mall y banco
            </caption>
            <thead>
              <tr>
                <th scope="col">Mall</th>
                <th scope="col">Banco</th>
                <th scope="col">Cantidad</th>
                <th scope="col">Importe S/</th>
                <th scope="col">Importe $</th>
              </tr>
            </thead>
            <tbody>
              {data.proximos.length === 0
                ? (
                  <tr>
                    <td colSpan={5}>No se encontraron datos.</td>
                  </tr>
                )
                : data.proximos.map((r) => (
                  <tr key={`${r.id_mall}-${r.banco}`}>
                    <th scope="row">{r.mall}</th>
                    <td>{r.banco}</td>
                    <td>{formatInteger(r.cantidad)}</td>
                    <td className="amount">{formatMoney(r.importe_soles, "S/")}</td>
                    <td className="amount">{formatMoney(r.importe_dolares, "$")}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const sum = (list: Amounts[]): Amounts => ({
  cantidad: list.reduce((n, a) => n + a.cantidad, 0),
  importe_soles: list.reduce((n, a) => n + a.importe_soles, 0),
  importe_dolares: list.reduce((n, a) => n + a.importe_dolares, 0),
});

function AmountsRow({ label, a }: { label: string; a: Amounts }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{formatInteger(a.cantidad)}</td>
      <td className="amount">{formatMoney(a.importe_soles, "S/")}</td>
      <td className="amount">{formatMoney(a.importe_dolares, "$")}</td>
    </tr>
  );
}

function ProgressBody() {
  const [mall, setMall] = useState<number | null>(null);
  const { data, isFetching } = useQuery({ ...progressPanelQuery(mall), placeholderData: keepPreviousData });
  const received = data ? sum(data.recibidas) : null;
  const pending = data ? sum([data.no_recibidas.sin_excepcion, data.no_recibidas.con_excepcion]) : null;
  return (
    <div className="expiry-panel">
      <div className="field expiry-filter">
        <label htmlFor="progress-mall">Mall</label>
        <Dropdown
          inputId="progress-mall"
          value={mall ?? 0}
          options={[
            { label: "Todos", value: 0 },
            ...(data?.malls ?? []).map((m) => ({ label: m.nombre, value: m.id_mall })),
          ]}
          onChange={(e) => setMall(e.value ? Number(e.value) : null)}
          pt={{ trigger: { "aria-label": "Mostrar malls" } }}
        />
      </div>
      {!data || !received || !pending
        ? <p role="status">{isFetching ? "Cargando…" : "No se encontraron datos."}</p>
        : (
          <div className="expiry-charts">
            <Donut
              title="Garantías aprobadas"
              data={[
                { label: "Recibidas", color: "#2e9d5b", ...received },
                { label: "No Recibidas", color: "#d62f2f", ...pending },
              ]}
            />
            <div className="scroll-x">
              <table className="vault-history progress-table">
                <caption className="reception-caption">Detalle del grado de avance</caption>
                <thead>
                  <tr>
                    <td />
                    <th scope="col">Cantidad</th>
                    <th scope="col">Importe S/</th>
                    <th scope="col">Importe $</th>
                  </tr>
                </thead>
                <tbody>
                  {data.recibidas.map((r) => (
                    <AmountsRow key={r.cartera} label={`Recibidas: ${r.cartera}`} a={r} />
                  ))}
                  <AmountsRow label="No Recibidas sin excepción" a={data.no_recibidas.sin_excepcion} />
                  <AmountsRow label="No Recibidas con excepción" a={data.no_recibidas.con_excepcion} />
                </tbody>
              </table>
            </div>
          </div>
        )}
    </div>
  );
}

/** Digits only, refused aloud: a letter typed or pasted is not dropped silently (issue 38). */
const digitsOr = (v: string, max: number, keep: (d: string) => void, refuse: (m: string) => void) => {
  const t = v.trim();
  if (/^\d*$/.test(t) && t.length <= max) {
    keep(t);
    refuse("");
  } else refuse(`Ingresar solo números (hasta ${max} dígitos).`);
};
const ACTIVE = "#2e9d5b", INACTIVE = "#8d6e63";
/** The client's amounts, active and inactive, by currency and by contract. */
const ACTIVE_SERIES = [
  { key: "activos", label: "Activas", color: ACTIVE },
  { key: "inactivos", label: "Inactivas", color: INACTIVE },
];

function ClientBody() {
  const [filter, setFilter] = useState({ ruc: "", contrato: "" });
  const { ruc, contrato } = filter;
  const [error, setError] = useState("");
  const [data, setData] = useState<ClientPanel | null>(null);
  // A search that fails tells why under the filter: the field's message of a refused one, else the reason.
  const searching = useSave({
    send: (q: typeof filter) => get<ClientPanel>(GUARANTEE_DASHBOARD_API.client(q), { quiet: true }),
    onSaved: setData,
    onFailed: (e) => {
      setData(null);
      const fields = serverFieldErrors(e);
      setError(
        fields.ruc ?? fields.contrato ?? (e instanceof ApiError ? e.message : "No se encontraron datos."),
      );
    },
  });
  const busy = searching.busy;
  const search = () => {
    if (!ruc && !contrato) return setError(CLIENT_FILTER_REQUIRED);
    setError("");
    searching.save({ ruc, contrato });
  };
  const money = (v: number) => formatNumber(v, 2);
  // A search field: digits only, up to `max` (anything else is refused with a message).
  const digits = (key: keyof typeof filter, id: string, label: string, max: number) => (
    <TextField
      id={id}
      label={label}
      value={filter[key]}
      inputMode="numeric"
      onChange={(v) => digitsOr(v, max, (d) => setFilter((f) => ({ ...f, [key]: d })), setError)}
    />
  );
  return (
    <div className="expiry-panel">
      <form
        className="client-filter"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        {digits("ruc", "client-ruc", "RUC", 11)}
        {digits("contrato", "client-contrato", "Nro de Contrato", 20)}
        <Button
          type="submit"
          label="Buscar"
          icon="pi pi-search"
          loading={busy}
          disabled={!ruc && !contrato}
        />
      </form>
      {error && <p className="p-error" role="alert">{error}</p>}
      {data && (
        <>
          <p>
            <strong>{data.razon_social}</strong> (RUC {data.ruc})
          </p>
          <div className="expiry-charts">
            <Donut
              title="Garantías del cliente"
              data={data.resumen.map((r) => ({
                ...r,
                label: r.categoria,
                color: r.categoria === "Activas" ? ACTIVE : INACTIVE,
              }))}
            />
            <div className="expiry-bars">
              <ClusteredBars
                title="Importe por moneda"
                data={data.por_moneda.map((m) => ({
                  x: m.moneda,
                  activos: m.importe_activos,
                  inactivos: m.importe_inactivos,
                }))}
                series={ACTIVE_SERIES}
                format={money}
              />
              <ClusteredBars
                title="Importe por contrato"
                data={data.contratos.map((c) => ({
                  x: `${c.nroContrato} (${c.moneda})`,
                  activos: c.importeActivos,
                  inactivos: c.importeInactivos,
                }))}
                series={ACTIVE_SERIES}
                format={money}
              />
            </div>
          </div>
        </>
      )}
    </div>
  );
}

export function GuaranteeDashboard() {
  return (
    <div className="card">
      <Sections
        tabs={[
          { header: "Garantía Por Vencimiento", body: <ExpiryBody /> },
          { header: "Grado De Avance", body: <ProgressBody /> },
          { header: "Cliente Con Garantía", body: <ClientBody /> },
        ]}
      />
    </div>
  );
}
