// Lista Roja (spec 2: Módulos, /Blacklist/Index): per-mall cards of missing and compliant tenants and the
// compliance %, the totals and the report date; filters mall, CeBe and contract code (on Enter); the missing
// contracts, 8 per page, with Excel export; and the reminders staff send to one tenant or to every missing
// one of a mall, after a confirmation, with the last reminder of each.

import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { useMemo, useState } from "react";
import { type BlacklistRow, type Cumplimiento, remindedMessage } from "#contract/compliance.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { ConfirmAsk } from "../../components/dialogs/confirm-ask.tsx";
import { showSuccess } from "../../lib/dialogs.ts";
import { useSave } from "../../lib/save.ts";
import { formatDate, formatInteger, formatPercent } from "../../lib/format.ts";
import { Filter, FilterBar, namedTrigger } from "../../components/filters/filter-bar.tsx";
import "../../components/report-page.css";
import { LISTA_ROJA_KEY, listaRojaQuery, remind } from "./api.ts";
import "./lista-roja.css";

const route = getRouteApi("/_app/Blacklist/Index");
/** The CeBe filter's 'Todos' (a CeBe code is never this). */
const ALL = "*";
/** The cards' order: the spec's mall table (Santa Anita first). */
const ORDER = ["santaAnita", "arequipa", "chiclayo", "iquitos", "sjl"] as const;
const c = columnsOf<BlacklistRow>();

interface Pending {
  mall: number;
  mallName: string;
  code: string | null;
  count: number;
}

function Cards({ s, date }: { s: Cumplimiento; date: string }) {
  const malls = ORDER.map((k) => s[k]).filter(Boolean);
  const card = (name: string, missing: number, ok: number, pct: number | null) => (
    <div className="kpi" key={name} aria-label={`Cumplimiento ${name}`} data-testid={`lr-card-${name}`}>
      <div className="kpi-label">{name}</div>
      <div className="kpi-value">{formatPercent(pct)}</div>
      <span className="kpi-sub">
        Faltantes <strong data-testid="lr-missing">{formatInteger(missing)}</strong> · Cumplidos{" "}
        <strong data-testid="lr-ok">{formatInteger(ok)}</strong>
      </span>
    </div>
  );
  return (
    <section className="card" aria-labelledby="lr-title">
      <div className="card-head">
        <h2 id="lr-title">Cumplimiento de cierres al {formatDate(date)}</h2>
      </div>
      <div className="kpi-grid">
        {malls.map((m) =>
          card(m.unidadEconomica, m.locatariosFaltantes, m.locatariosCumplidos, m.porcentajeCumplimiento)
        )}
        {card(
          "Totales",
          s.locatariosFaltantesTotales,
          s.locatariosCumplidosTotales,
          s.porcentajeCumplimientoTotal,
        )}
      </div>
    </section>
  );
}

export function ListaRojaScreen() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  const q = useQuery(listaRojaQuery(s));
  const [code, setCode] = useState(s.codigoContratoId ?? "");
  const [pending, setPending] = useState<Pending | null>(null);
  const set = (n: Partial<typeof s>) => navigate({ replace: true, search: (old) => ({ ...old, ...n }) });
  const send = useSave({
    send: (p: Pending) => remind({ unidadEconomicaId: p.mall, ...(p.code ? { codContrato: p.code } : {}) }),
    onSaved: (a) => showSuccess(102, remindedMessage(a)),
    invalidate: [LISTA_ROJA_KEY],
  });
  const data = q.data;
  const malls = data
    ? ORDER.map((k) => data.cumplimiento[k]).filter(Boolean).map((m) => ({
      value: m.unidadEconomicaId,
      label: m.unidadEconomica,
    }))
    : [];
  const mallName = (id: number) => malls.find((m) => m.value === id)?.label ?? "";
  const columns = useMemo(() => [
    c.text("unidadEconomica", "Malls"),
    c.text("codContrato", "Código Contrato"),
    c.text("nombreContrato", "Nombre Contrato"),
    c.date("fechaUltimoRegistro", "Fecha Último Registro"),
    c.integer("diasFaltantesCierre", "Dias faltantes al cierre"),
    c.dateTime("fechaUltimoRecordatorio", "Último recordatorio"),
    c.action("recordar", "Recordatorio", (r) => (
      <Button
        type="button"
        icon="pi pi-envelope"
        text
        aria-label={`Enviar recordatorio a ${r.codContrato}`}
        onClick={() =>
          setPending({
            mall: r.unidadEconomicaId,
            mallName: r.unidadEconomica,
            code: r.codContrato,
            count: 1,
          })}
      />
    )),
  ], []);
  const missingInMall = s.unidadEconomicaId ? (data?.table.length ?? 0) : 0;
  return (
    <div className="report">
      <div className="card">
        <FilterBar>
          <Filter id="lr-mall" label="Mall">
            <Dropdown
              inputId="lr-mall"
              value={s.unidadEconomicaId}
              options={[{ value: 0, label: "Todas" }, ...malls]}
              onChange={(e) => set({ unidadEconomicaId: e.value, cebeId: undefined })}
              pt={namedTrigger("Mall")}
            />
          </Filter>
          <Filter id="lr-cebe" label="CeBe">
            <Dropdown
              inputId="lr-cebe"
              value={s.cebeId ?? ALL}
              options={[{ value: ALL, label: "Todos" }, ...(data?.cebes ?? [])]}
              onChange={(e) => set({ cebeId: e.value === ALL ? undefined : e.value })}
              filter
              pt={namedTrigger("CeBe")}
            />
          </Filter>
          <Filter id="lr-contrato" label="Código de contrato">
            <InputText
              id="lr-contrato"
              value={code}
              placeholder="Presione Enter para buscar"
              onChange={(e) => setCode(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") set({ codigoContratoId: code.trim() || undefined });
              }}
            />
          </Filter>
        </FilterBar>
      </div>
      {data && <Cards s={data.cumplimiento} date={data.fechaCumplimiento} />}
      <div className="card lista-roja-grid">
        <DataTable
          title="Lista Roja"
          columns={columns}
          data={data?.table}
          loading={q.isLoading}
          pageSize={8}
          emptyMessage="No se encontraron registros"
          getRowId={(r) => r.codContrato}
          actions={s.unidadEconomicaId !== 0 && missingInMall > 0 && (
            <Button
              type="button"
              label="Recordar a todos"
              icon="pi pi-send"
              severity="warning"
              onClick={() =>
                setPending({
                  mall: s.unidadEconomicaId,
                  mallName: mallName(s.unidadEconomicaId),
                  code: null,
                  count: missingInMall,
                })}
            />
          )}
        />
      </div>
      <ConfirmAsk
        visible={pending != null}
        onClose={() => setPending(null)}
        header="Enviar recordatorio"
        icon="pi pi-envelope"
        message={pending
          ? pending.code
            ? `¿Enviar un recordatorio de cierre a los usuarios del contrato ${pending.code}?`
            : `¿Enviar un recordatorio de cierre a los ${pending.count} locatarios faltantes de ${pending.mallName}?`
          : ""}
        acceptLabel="Enviar"
        rejectLabel="Cancelar"
        onAccept={() => pending && send.save(pending)}
      />
    </div>
  );
}
