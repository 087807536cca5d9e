// Section 3 and 4 of 'Registro de Excepción': the exception's fields (tipoExcepcion, numfactura, importe,
// moneda, fechaLimite, motivo) and its .msg support, sent together. The form is read with the server's
// schema and checked with its rules first; the server checks again (the file's content too) and saves
// nothing while any observation remains.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { InputTextarea } from "primereact/inputtextarea";
import { Message } from "primereact/message";
import { useEffect, useState } from "react";
import {
  EXCEPTION_OBSERVATIONS,
  EXCEPTION_SAVED,
  exceptionForm,
  type ExceptionFormFields,
  type ExceptionSaved,
  type ExceptionScreen,
  GUARANTEE_API,
  validateException,
  type ValidationMessage,
} from "#contract/guarantees/guarantees.ts";
import { FormField } from "../../components/form-field.tsx";
import { DateField, TextField } from "../../components/fields.tsx";
import { NumberField } from "../../components/number-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { isoDate } from "../../lib/format.ts";
import { useSave } from "../../lib/save.ts";
import { useSession } from "../../lib/session.ts";
import { postMultipart } from "../../lib/api.ts";
import { catalogQuery, GUARANTEES_KEY, validationMessages } from "./api.ts";
import { SelectField } from "./shared.tsx";
import { FilePicker } from "./upload.tsx";
import { SaveButton } from "../../components/save-button.tsx";

const FIELD_LABELS: Record<string, string> = {
  tipoExcepcion: "Tipo de Excepción",
  numfactura: "Nro. Factura",
  importe: "Importe",
  moneda: "Moneda",
  fechaLimite: "Fecha de Vencimiento",
  motivo: "Motivo",
  sustento: "Sustento",
};

const toDate = (iso: string | null | undefined) => {
  if (!iso) return null;
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(y, m - 1, d);
};

export type Outcome = { kind: "saved" } | { kind: "observations"; list: ValidationMessage[] } | {
  kind: "error";
  message: string;
};

const initial = (screen: ExceptionScreen) => {
  const e = screen.excepcion;
  return {
    tipoExcepcion: e?.codigo_tipo_excepcion ?? null as string | null,
    numfactura: e?.numero_factura ?? "",
    importe: e ? e.importe.toLocaleString("en-US", { minimumFractionDigits: 2 }) : "",
    moneda: e?.id_moneda ?? screen.garantia.moneda.id_moneda as number | null,
    fechaLimite: toDate(e?.fecha_vencimiento),
    motivo: e?.motivo ?? "",
  };
};

/**
 * The form's parts for the screen's sections: the exception's fields (section 3), its .msg support (section 4)
 * and the button with the outcome. The outcome lives with the screen.
 */
export function useExceptionForm(
  { screen, editable, outcome, setOutcome }: {
    screen: ExceptionScreen;
    editable: boolean;
    outcome: Outcome | null;
    setOutcome: (o: Outcome | null) => void;
  },
) {
  const e = screen.excepcion;
  const session = useSession();
  const queryClient = useQueryClient();
  const { data: catalog } = useQuery(catalogQuery);
  const [f, setF] = useState(() => initial(screen));
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // A new, updated or deleted exception: the fields show what is stored.
  const shown = `${e?.id_garantia_excepcion ?? 0}-${e?.codigo_estado_excepcion ?? ""}`;
  useEffect(() => {
    setF(initial(screen));
    setFile(null);
  }, [shown]);
  // The version the save sends: the screen's, or after a 448 the newer one, so that saving again replaces
  // it knowingly (what was typed stays in the form).
  const [newer, setNewer] = useState<number | null>(null);
  const type = screen.tipos_excepcion.find((t) => t.code === f.tipoExcepcion);
  const set = (patch: Partial<typeof f>) => setF((x) => ({ ...x, ...patch }));

  const saving = useSave({
    // The screen read again before the button is offered again (the exception's state decides it).
    send: async (form: FormData) => {
      await postMultipart<ExceptionSaved>(
        GUARANTEE_API.exception(screen.detalle_garantia.id_garantia_detalle),
        form,
        session.csrfToken,
      );
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
    },
    onSaved: () => {
      setOutcome({ kind: "saved" });
      setFile(null);
      setNewer(null);
    },
    onStale: setNewer,
    onFailed: (err) => {
      const list = validationMessages(err);
      setOutcome(
        list.length
          ? { kind: "observations", list }
          : { kind: "error", message: `ERROR: ${err instanceof ApiError ? err.message : "Server error."}` },
      );
    },
  });
  const submit = () => {
    if (fileProblem) {
      return setOutcome({ kind: "observations", list: [{ field: "sustento", message: fileProblem }] });
    }
    const fields: ExceptionFormFields = {
      tipoExcepcion: f.tipoExcepcion ?? "",
      numfactura: type?.shows_invoice ? f.numfactura : "",
      importe: f.importe,
      moneda: f.moneda == null ? "" : String(f.moneda),
      fechaLimite: f.fechaLimite ? isoDate(f.fechaLimite) : "",
      motivo: f.motivo,
      version: String(newer ?? screen.version),
    };
    const input = exceptionForm.parse(fields);
    const checked = validateException(input, {
      knownType: !!type,
      needsInvoice: !!type?.needs_invoice,
      knownCurrency: !catalog || catalog.monedas.some((m) => m.id_moneda === input.moneda),
      hasSupport: !!file || !!e?.url_file_name_adjunto,
    });
    if (!checked.success) return setOutcome({ kind: "observations", list: checked.validationMessages });
    setOutcome(null);
    const form = new FormData();
    for (const [k, v] of Object.entries(input)) form.set(k, v == null ? "" : String(v));
    if (file) form.set("sustento", file);
    saving.save(form);
  };

  const fields = (
    <div className="form-grid">
      <SelectField
        id="x-tipo"
        label="Tipo de Excepción"
        value={f.tipoExcepcion}
        options={screen.tipos_excepcion.map((t) => ({ label: t.name, value: t.code }))}
        placeholder="Seleccione"
        disabled={!editable}
        onChange={(v) => set({ tipoExcepcion: v })}
      />
      {type?.shows_invoice && (
        <TextField
          id="x-factura"
          label="Nro. Factura"
          value={f.numfactura}
          maxLength={30}
          disabled={!editable}
          onChange={(numfactura) => set({ numfactura })}
        />
      )}
      <NumberField
        id="x-importe"
        label="Importe"
        kind="decimal"
        value={f.importe}
        placeholder="0,0.00"
        disabled={!editable}
        onChange={(importe) => set({ importe })}
      />
      <SelectField
        id="x-moneda"
        label="Moneda"
        value={f.moneda}
        options={(catalog?.monedas ?? []).map((m) => ({
          label: `${m.simbolo} ${m.nombre}`,
          value: m.id_moneda,
        }))}
        placeholder="Seleccione"
        disabled={!editable}
        onChange={(v) => set({ moneda: v })}
      />
      <DateField
        id="x-fecha"
        label="Fecha de Vencimiento"
        value={f.fechaLimite}
        monthNavigator
        yearNavigator
        yearRange="2020:2040"
        disabled={!editable}
        onChange={(fechaLimite) => set({ fechaLimite })}
      />
      <div className="wide">
        <FormField id="x-motivo" label="Motivo">
          <InputTextarea
            id="x-motivo"
            value={f.motivo}
            rows={3}
            maxLength={1000}
            autoResize
            disabled={!editable}
            onChange={(ev) => set({ motivo: ev.target.value })}
          />
        </FormField>
      </div>
    </div>
  );
  const support = (
    <div className="upload-field">
      <FilePicker
        label={file ? file.name : "Seleccionar archivo .msg"}
        kind="excepcion_sustento"
        disabled={!editable}
        onFile={(picked, problem) => {
          setFile(problem ? null : picked);
          setFileProblem(problem);
        }}
      />
      {fileProblem && <Message severity="error" text={fileProblem} />}
      {e?.file_name_adjunto && !file && <p className="muted">Sustento actual: {e.file_name_adjunto}</p>}
    </div>
  );
  const footer = (
    <div className="guarantee-stack">
      {outcome?.kind === "saved" && <Message severity="success" text={EXCEPTION_SAVED} />}
      {outcome?.kind === "error" && <Message severity="error" text={outcome.message} />}
      {outcome?.kind === "observations" && (
        <div className="p-message p-message-warn observations" role="alert">
          <div>
            <strong>{EXCEPTION_OBSERVATIONS}</strong>
            <ul className="validation-list">
              {outcome.list.map((m, i) => (
                <li key={`${m.field}-${i}`}>{FIELD_LABELS[m.field] ?? m.field}: {m.message}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <div>
        <SaveButton label="Registrar Excepción" busy={saving.busy} ready={editable} onClick={submit} />
      </div>
    </div>
  );
  return { fields, support, footer };
}
