// 'Actualizar Contratos' (/Contrato/ContratoIndex, spec 2): a mall's contracts (the mall remembered in
// session storage) with the update-dates dialog (both optional, the end not before the start) and a
// read-only detail (area, category, CeBe, locals, tenant users, guarantees in force).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { contractDatesBody, type ContractRow, DEFAULT_MALL, MALL_IDS } from "#contract/staff.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { DateField } from "../../components/fields.tsx";
import { formatArea, formatDate, formatMoney, isoDate } from "../../lib/format.ts";
import { type FieldErrors } from "../../lib/forms.ts";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";
import { FormDialog } from "../../components/dialogs/form-dialog.tsx";
import { useSave, useVersion } from "../../lib/save.ts";
import { dateOfIso } from "../../lib/dates.ts";
import { contractDetailQuery, contractsQuery, mallsQuery, STAFF_KEY, updateContractDates } from "./api.ts";
import { MallPicker } from "../../components/mall-picker.tsx";
import "./staff.css";
import { IconButton } from "../../components/data-table/icon-button.tsx";

const MALL_KEY = "actualizarContratos.mall";
const c = columnsOf<ContractRow>();

function storedMall(): number {
  const n = Number(sessionStorage.getItem(MALL_KEY));
  return (MALL_IDS as readonly number[]).includes(n) ? n : DEFAULT_MALL;
}

export function ContractsScreen() {
  const [mall, setMall] = useState(storedMall);
  const { data, isFetching } = useQuery(contractsQuery(mall));
  const malls = useQuery(mallsQuery).data ?? [];
  const [editing, setEditing] = useState<ContractRow | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const columns = [
    c.text("codContrato", "Código"),
    c.text("denCont", "Denominación"),
    c.date("fechaInicioOperaciones", "Fecha Ini Op"),
    c.date("fechaFinOperaciones", "Fecha Fin Op"),
    c.action("acciones", "Acciones", (r) => (
      <span className="row-actions">
        <IconButton
          icon="pi pi-calendar-plus"
          ariaLabel={`Actualizar fechas de ${r.codContrato}`}
          tooltip="Actualizar fechas"
          onClick={() => setEditing(r)}
        />
        <IconButton
          icon="pi pi-eye"
          ariaLabel={`Ver detalle de ${r.codContrato}`}
          tooltip="Ver detalle"
          onClick={() => setViewing(r.codContrato)}
        />
      </span>
    )),
  ];
  return (
    <div className="card staff-stack">
      <div className="staff-filters">
        <MallPicker
          id="mall-contratos"
          malls={malls}
          value={mall}
          onChange={(m) => {
            sessionStorage.setItem(MALL_KEY, String(m));
            setMall(m);
          }}
        />
      </div>
      <DataTable
        title="Contratos"
        columns={columns}
        data={data?.table}
        loading={isFetching && !data}
        getRowId={(r) => r.codContrato}
      />
      {editing && <DatesDialog row={editing} onClose={() => setEditing(null)} />}
      {viewing && <DetailDialog code={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}

function DatesDialog({ row, onClose }: { row: ContractRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [start, setStart] = useState(row.fechaInicioOperaciones);
  const [end, setEnd] = useState(row.fechaFinOperaciones);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { version, onStale } = useVersion(row.version);
  const save = useSave({
    schema: contractDatesBody,
    values: {
      codContrato: row.codContrato,
      fechaInicioOperaciones: start,
      fechaFinOperaciones: end,
      version,
    },
    setErrors,
    send: updateContractDates,
    onStale,
  });
  const picker = (id: string, label: string, value: string | null, set: (d: string | null) => void) => (
    <DateField
      id={id}
      label={label}
      error={errors[id === "fecha-ini-op" ? "fechaInicioOperaciones" : "fechaFinOperaciones"]}
      optional
      value={value ? dateOfIso(value) : null}
      locale="es"
      showButtonBar
      onChange={(d) => {
        set(d ? isoDate(d) : null);
        setErrors({});
      }}
    />
  );
  return (
    <FormDialog
      id="contract-dates"
      header={`Actualizar fechas de operación ${row.codContrato}`}
      width="30rem"
      onClose={onClose}
      save={save}
      savedMessage={`Las fechas de operación del contrato ${row.codContrato} se actualizaron.`}
      onSavedAccept={() => {
        queryClient.invalidateQueries({ queryKey: STAFF_KEY });
        onClose();
      }}
    >
      <p className="muted">{row.denCont}</p>
      {picker("fecha-ini-op", "Fecha Inicio Operaciones", start, setStart)}
      {picker("fecha-fin-op", "Fecha Fin Operaciones", end, setEnd)}
    </FormDialog>
  );
}

function DetailDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { data: d } = useQuery(contractDetailQuery(code));
  return (
    <DialogFrame header={`Detalle del contrato ${code}`} width="46rem" maxWidth="96vw" onClose={onClose}>
      {!d ? <p className="muted">Cargando información ...</p> : (
        <>
          <dl className="detail-facts">
            <dt>Denominación</dt>
            <dd>{d.denCont}</dd>
            <dt>Razón Social</dt>
            <dd>{d.razonSocial} (RUC {d.ruc})</dd>
            <dt>Mall</dt>
            <dd>{d.mall}</dd>
            <dt>Área</dt>
            <dd>{formatArea(d.area, "staff")} m²</dd>
            <dt>Categoría</dt>
            <dd>{d.categoria}</dd>
            <dt>CeBe</dt>
            <dd>{d.cebe} · {d.cebeNombre}</dd>
            <dt>Vigencia</dt>
            <dd>{formatDate(d.fechaInicio)} – {formatDate(d.fechaFin)}</dd>
            <dt>Operaciones</dt>
            <dd>
              {d.fechaInicioOperaciones ? formatDate(d.fechaInicioOperaciones) : "—"} –{" "}
              {d.fechaFinOperaciones ? formatDate(d.fechaFinOperaciones) : "—"}
            </dd>
            <dt>Locales</dt>
            <dd>
              {d.locales.length
                ? d.locales.map((l) => `${l.codigo} (${formatArea(l.area, "staff")} m²)`).join(", ")
                : "—"}
            </dd>
          </dl>
          <h3 className="section-title">Usuarios del locatario</h3>
          {d.usuarios.length
            ? (
              <ul>
                {d.usuarios.map((u) => (
                  <li key={u.rol}>
                    {u.rol}: {u.nombre} ({u.correo}){u.estado === "I" ? " · Bloqueado" : ""}
                  </li>
                ))}
              </ul>
            )
            : <p className="muted">Sin usuarios.</p>}
          <h3 className="section-title">Garantías vigentes</h3>
          {d.garantias.length
            ? (
              <ul>
                {d.garantias.map((g, i) => (
                  <li key={i}>
                    {g.tipo} {g.nroCartaFianza ?? ""} ·{" "}
                    {g.importe == null ? "—" : formatMoney(g.importe, g.moneda === "$" ? "$" : "S/")}
                    {g.fechaVencimiento ? ` · vence ${formatDate(g.fechaVencimiento)}` : ""} · {g.estado}
                  </li>
                ))}
              </ul>
            )
            : <p className="muted">Sin garantías.</p>}
        </>
      )}
    </DialogFrame>
  );
}
