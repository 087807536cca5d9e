// 'Actualizar Contratos' (/Contrato/ContratoIndex, spec 2): a mall's contracts (the mall remembered in
// session storage) with the update-dates dialog (both optional, the end not before the start) and a
// read-only detail (area, category, CeBe, locals, tenant users, guarantees in force).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { Dialog } from "primereact/dialog";
import { type FormEvent, useState } from "react";
import { contractDatesBody, type ContractRow, DEFAULT_MALL, MALL_IDS } from "../../../../contract/staff.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { FormField } from "../../components/form-field.tsx";
import { formatArea, formatDate, formatMoney, isoDate } from "../../lib/format.ts";
import { type FieldErrors, serverFieldErrors, staleOf, validate } from "../../lib/forms.ts";
import { SavedDialog } from "../../components/dialogs/dialog-frame.tsx";
import { dateOfIso } from "../../lib/dates.ts";
import { contractDetailQuery, contractsQuery, STAFF_KEY, updateContractDates } from "./api.ts";
import { MallSelect } from "./mall-select.tsx";
import "./staff.css";

const MALL_KEY = "actualizarContratos.mall";
const c = columnsOf<ContractRow>();

function storedMall(): number {
  const n = Number(sessionStorage.getItem(MALL_KEY));
  return (MALL_IDS as readonly number[]).includes(n) ? n : DEFAULT_MALL;
}

export function ContractsScreen() {
  const [mall, setMall] = useState(storedMall);
  const { data, isFetching } = useQuery(contractsQuery(mall));
  const [editing, setEditing] = useState<ContractRow | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const columns = [
    c.text("codContrato", "Código"),
    c.text("denCont", "Denominación"),
    c.date("fechaInicioOperaciones", "Fecha Ini Op"),
    c.date("fechaFinOperaciones", "Fecha Fin Op"),
    c.action("acciones", "Acciones", (r) => (
      <span className="row-actions">
        <Button
          type="button"
          icon="pi pi-calendar-plus"
          rounded
          text
          aria-label={`Actualizar fechas de ${r.codContrato}`}
          tooltip="Actualizar fechas"
          tooltipOptions={{ position: "left" }}
          onClick={() => setEditing(r)}
        />
        <Button
          type="button"
          icon="pi pi-eye"
          rounded
          text
          aria-label={`Ver detalle de ${r.codContrato}`}
          tooltip="Ver detalle"
          tooltipOptions={{ position: "left" }}
          onClick={() => setViewing(r.codContrato)}
        />
      </span>
    )),
  ];
  return (
    <div className="card staff-stack">
      <div className="staff-filters">
        <MallSelect
          id="mall-contratos"
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
  const [saved, setSaved] = useState(false);
  // The version read; after a 448 the newer one, so that saving again replaces it knowingly.
  const [version, setVersion] = useState(row.version);
  const save = useMutation({
    mutationFn: updateContractDates,
    onSuccess: () => setSaved(true),
    onError: (e) => {
      setErrors(serverFieldErrors(e));
      const stale = staleOf(e);
      if (stale) setVersion(stale.version);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = validate(contractDatesBody, {
      codContrato: row.codContrato,
      fechaInicioOperaciones: start,
      fechaFinOperaciones: end,
      version,
    });
    setErrors(v.ok ? {} : v.errors);
    if (v.ok && !save.isPending) save.mutate(v.data);
  };
  const picker = (id: string, label: string, value: string | null, set: (d: string | null) => void) => (
    <FormField
      id={id}
      label={label}
      error={errors[id === "fecha-ini-op" ? "fechaInicioOperaciones" : "fechaFinOperaciones"]}
      optional
    >
      <Calendar
        inputId={id}
        value={value ? dateOfIso(value) : null}
        dateFormat="dd/mm/yy"
        locale="es"
        showIcon
        showButtonBar
        onChange={(e) => {
          set(e.value instanceof Date ? isoDate(e.value) : null);
          setErrors({});
        }}
      />
    </FormField>
  );
  if (saved) {
    return (
      <SavedDialog
        visible
        message={`Las fechas de operación del contrato ${row.codContrato} se actualizaron.`}
        onAccept={() => {
          queryClient.invalidateQueries({ queryKey: STAFF_KEY });
          onClose();
        }}
      />
    );
  }
  return (
    <Dialog
      visible
      onHide={onClose}
      header={`Actualizar fechas de operación ${row.codContrato}`}
      style={{ width: "30rem", maxWidth: "95vw" }}
      draggable={false}
      modal
    >
      <form id="contract-dates" className="dialog-form" onSubmit={submit} noValidate>
        <p className="muted">{row.denCont}</p>
        {picker("fecha-ini-op", "Fecha Inicio Operaciones", start, setStart)}
        {picker("fecha-fin-op", "Fecha Fin Operaciones", end, setEnd)}
      </form>
      <div className="dialog-footer">
        <Button type="button" label="Cancelar" severity="secondary" text onClick={onClose} />
        <Button
          type="submit"
          form="contract-dates"
          label="Guardar"
          icon="pi pi-check"
          loading={save.isPending}
        />
      </div>
    </Dialog>
  );
}

function DetailDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { data: d } = useQuery(contractDetailQuery(code));
  return (
    <Dialog
      visible
      onHide={onClose}
      header={`Detalle del contrato ${code}`}
      style={{ width: "46rem", maxWidth: "96vw" }}
      draggable={false}
      modal
    >
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
    </Dialog>
  );
}
