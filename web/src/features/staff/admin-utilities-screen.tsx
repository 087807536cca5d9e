// 'Configuración global' (spec 2, Admin utilities; spec 3 section 2.3; SUPERADMIN_CONFIG): its panels are the
// global comparison year that every report opens with, the month close's state and lock, and the All-In upload
// (a year and an .xlsx; a bad file stores nothing and the error dialog lists its wrong rows). A saved panel
// shows 'Guardado Exitoso', whose 'Aceptar' reloads the page (spec 3).
import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { Message } from "primereact/message";
import { type ReactNode, useId, useRef, useState } from "react";
import { ALL_IN_FAILED, ALL_IN_MAX_BYTES, ALL_IN_NEEDS, MIN_COMPARISON_YEAR } from "#contract/staff_admin.ts";
import { SUCCESS_MESSAGES } from "#contract/errors.ts";
import { FormField } from "../../components/form-field.tsx";
import { showSuccess } from "../../lib/dialogs.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import { useSession } from "../../lib/session.ts";
import { comparisonYearQuery, saveComparisonYear, STAFF_KEY, uploadAllIn } from "./api.ts";
import { useStableDates } from "../../components/stable-date.ts";
import { SavedDialog } from "../../components/dialogs/dialog-frame.tsx";
import "./staff.css";

const yearDate = (y: number) => new Date(y, 0, 1);

/** A year picked on the calendar's year view, from the first comparison year to `max`. */
function YearField(
  { id, label, year, max, onChange }: {
    id: string;
    label: string;
    year: number;
    max: number;
    onChange: (year: number) => void;
  },
) {
  const value = useStableDates(yearDate(year));
  return (
    <FormField id={id} label={label}>
      <Calendar
        inputId={id}
        value={value}
        view="year"
        dateFormat="yy"
        minDate={yearDate(MIN_COMPARISON_YEAR)}
        maxDate={new Date(max, 11, 31)}
        showIcon
        onChange={(e) => e.value instanceof Date && onChange(e.value.getFullYear())}
      />
    </FormField>
  );
}

/** `lockCards`: the locks area's panels (features/locks), which the route file hands in. */
export function AdminUtilitiesScreen(
  { lockCards }: { lockCards: (onSaved: (message: string) => void) => ReactNode },
) {
  const { data } = useQuery(comparisonYearQuery);
  const [saved, setSaved] = useState<string | null>(null);
  if (!data) return null;
  return (
    <div className="staff-stack">
      <ComparisonYearCard
        stored={data.anioComparativo}
        read={data.version}
        max={data.anioActual}
        onSaved={setSaved}
      />
      {lockCards(setSaved)}
      <AllInCard max={data.anioActual} />
      <SavedDialog
        visible={saved !== null}
        message={saved ?? ""}
        onAccept={() => globalThis.location.reload()}
      />
    </div>
  );
}

/** `read`: the setting's version; a save over a newer one (448) keeps the year picked and takes the newer. */
function ComparisonYearCard(
  { stored, read, max, onSaved }: {
    stored: number;
    read: number;
    max: number;
    onSaved: (message: string) => void;
  },
) {
  const [year, setYear] = useState(stored);
  const { version, onStale } = useVersion(read);
  const save = useSave({
    send: () => saveComparisonYear({ anioComparativo: year, version }),
    onSaved: () => onSaved(SUCCESS_MESSAGES[101]),
    onStale,
  });
  return (
    <section className="card utility-card" aria-labelledby="anio-comparativo-title">
      <h2 id="anio-comparativo-title" className="section-title">Año comparativo</h2>
      <p className="muted">
        Año con el que se comparan los reportes al abrirse (el Dashboard lo usa cuando está entre sus últimos
        seis años).
      </p>
      <div className="utility-row">
        <YearField id="anio-comparativo" label="Año comparativo" year={year} max={max} onChange={setYear} />
        <Button
          type="button"
          label="Guardar"
          icon="pi pi-check"
          loading={save.busy}
          onClick={() => save.save(undefined)}
        />
      </div>
    </section>
  );
}

function AllInCard({ max }: { max: number }) {
  const session = useSession();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [year, setYear] = useState(max - 1);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const upload = useSave({
    send: (f: File) => uploadAllIn(year, f, session.csrfToken),
    invalidate: [STAFF_KEY],
    onSaved: (r) => {
      setResult({ ok: true, text: r.message });
      showSuccess(100, r.message);
      setFile(null);
    },
    onFailed: () => setResult({ ok: false, text: ALL_IN_FAILED }),
  });
  const choose = (f: File | null) => {
    setResult(null);
    setFile(f);
    setProblem(
      !f
        ? null
        : !/\.xlsx$/i.test(f.name)
        ? ALL_IN_NEEDS.type
        : f.size === 0
        ? ALL_IN_NEEDS.empty
        : f.size > ALL_IN_MAX_BYTES
        ? ALL_IN_NEEDS.tooLarge
        : null,
    );
  };
  const send = () => {
    if (!file) return setProblem(ALL_IN_NEEDS.file);
    // A file refused here (too large, not .xlsx, empty) is never sent: the person still reads the upload's
    // failure (spec 2, section 8) above the reason.
    if (problem) return setResult({ ok: false, text: ALL_IN_FAILED });
    upload.save(file);
  };
  return (
    <section className="card utility-card" aria-labelledby="all-in-title">
      <h2 id="all-in-title" className="section-title">Carga All-In</h2>
      <p className="muted">
        Un archivo .xlsx de una hoja con las columnas contrato, ventasValor, ventasm2, arriendo_ventas, allin,
        area, rentaFijam2, rentam2, fondom2 y gastocomunm2 (hasta 20 MB y 5000 filas, sin fórmulas).
      </p>
      <div className="utility-row">
        <YearField id="all-in-anio" label="Año" year={year} max={max} onChange={setYear} />
        <div className="field">
          <label htmlFor={fileId}>Archivo</label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="button" label="Cargar" icon="pi pi-upload" loading={upload.busy} onClick={send} />
      </div>
      {problem && <Message className="mt-3" severity="error" text={problem} />}
      {result && <Message className="mt-3" severity={result.ok ? "success" : "error"} text={result.text} />}
    </section>
  );
}
