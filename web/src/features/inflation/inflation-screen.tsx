// 'Inflación' (spec 3 section 2.2): a year (current down to 2016, the last one kept for the session) and its
// twelve monthly factors (%), typed as text and judged by the contract's schema here and on the server. The
// comma is the decimal comma ('0,22'); any other character is refused aloud, never dropped silently; a
// month emptied over a stored factor is saved only after a question naming what it removes.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { type FormEvent, useState } from "react";
import {
  clearQuestion,
  inflationBody,
  type InflationInput,
  type InflationYear,
  inflationYears,
  type Month,
  monthLabel as label,
  MONTHS,
  TYPING,
} from "#contract/inflation.ts";
import { NOT_A_NUMBER } from "#contract/number_text.ts";
import { fieldAria, FormField } from "../../components/form-field.tsx";
import { type FieldErrors, validate } from "../../lib/forms.ts";
import { useLeaveGuard } from "../../lib/leave-guard.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import { ConfirmAsk } from "../../components/dialogs/confirm-ask.tsx";
import { SavedDialog } from "../../components/dialogs/dialog-frame.tsx";
import { currentYear, INFLATION_KEY, inflationQuery, initialYear, keepYear, saveInflation } from "./api.ts";
import "./inflation.css";

export function InflationScreen() {
  const [anio, setAnio] = useState(initialYear);
  const { data } = useQuery(inflationQuery(anio));
  const years = inflationYears(currentYear()).map((y) => ({ label: String(y), value: y }));
  return (
    <div className="card">
      <div className="field inflation-year">
        <label htmlFor="inflacion-anio">Año</label>
        <Dropdown
          inputId="inflacion-anio"
          pt={{ trigger: { "aria-label": "Mostrar años" } }}
          value={anio}
          options={years}
          onChange={(e) => {
            keepYear(e.value);
            setAnio(e.value);
          }}
        />
      </div>
      {data && <MonthsForm key={anio} year={data} />}
    </div>
  );
}

const textsOf = (y: InflationYear) =>
  Object.fromEntries(MONTHS.map((m) => [m, y[m] == null ? "" : String(y[m])])) as Record<Month, string>;

function MonthsForm({ year }: { year: InflationYear }) {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState(() => textsOf(year));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [asking, setAsking] = useState<InflationInput | null>(null);
  const { version, onStale } = useVersion(year.version);
  // The body goes as typed (the month texts): the schema only judges it first.
  const save = useSave({ send: saveInflation, setErrors, onStale });
  const saved = save.saved;
  const dirty = MONTHS.some((m) => texts[m] !== textsOf(year)[m]);
  useLeaveGuard(dirty && !saved);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: InflationInput = { anio: year.anio, ...texts, version };
    const v = validate(inflationBody, body);
    setErrors(v.ok ? {} : v.errors);
    if (!v.ok || save.busy) return;
    const cleared = MONTHS.filter((m) => texts[m] === "" && year[m] != null);
    if (cleared.length) setAsking({ ...body, borrar: cleared });
    else save.save(body);
  };
  const accept = () => {
    save.reset();
    queryClient.invalidateQueries({ queryKey: [...INFLATION_KEY, year.anio] });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Inflación ${year.anio}`}>
      <div className="inflation-months">
        {MONTHS.map((m) => (
          <FormField key={m} id={`inflacion-${m}`} label={label(m)} error={errors[m]}>
            <InputText
              {...fieldAria(`inflacion-${m}`, errors[m])}
              value={texts[m]}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              onChange={(e) => {
                const text = e.target.value.trim();
                // Only what a factor can be while typed: digits, one comma or point, a leading minus;
                // anything else is refused with a message under the month.
                if (!TYPING.test(text)) {
                  setErrors((x) => ({ ...x, [m]: NOT_A_NUMBER }));
                  return;
                }
                setTexts((t) => ({ ...t, [m]: text }));
                setErrors((x) => ({ ...x, [m]: undefined }));
              }}
            />
          </FormField>
        ))}
      </div>
      <div className="inflation-actions">
        <Button type="submit" label="Guardar" icon="pi pi-save" loading={save.busy} />
      </div>
      <ConfirmAsk
        visible={asking != null}
        onClose={() => setAsking(null)}
        header="Borrar factores"
        style={{ width: "32rem", maxWidth: "92vw" }}
        message={asking
          ? clearQuestion(year.anio, (asking.borrar ?? []).map((m) => ({ m, pct: year[m]! })))
          : ""}
        acceptLabel="Borrar y guardar"
        rejectLabel="Cancelar"
        onAccept={() => asking && save.save(asking)}
      />
      <SavedDialog
        visible={saved}
        message={`Se guardaron los factores de inflación de ${year.anio}.`}
        onAccept={accept}
      />
    </form>
  );
}
