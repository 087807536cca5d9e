// 'Actualizar Garantía': the tenant updates its guarantee and sends it to review. The save body is checked
// with the server's schema before it goes, and the same messages show when it fails.
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Done } from "#contract/envelope.ts";
import { errorMessage, VALIDATION_ERROR } from "#contract/errors.ts";
import {
  CASH,
  GUARANTEE_API,
  guaranteeSaveBody,
  type GuaranteeSaved,
  LETTER,
  NONE,
  type ValidationResult,
} from "#contract/guarantees/guarantees.ts";
import { LeaveGuard } from "../../components/leave-guard.tsx";
import { ApiError, post, put } from "../../lib/api.ts";
import { showError } from "../../lib/dialogs.ts";
import { staleOf, useDraft, validate } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { guaranteeQuery, GUARANTEES_KEY, validationMessages } from "./api.ts";
import { Sections } from "./detail.tsx";
import { type Result, ResultDialog } from "./result-dialog.tsx";
import { ExceptionData, GuaranteeHead, ReviewHistory } from "./sections.tsx";
import { FileLink } from "../../components/file-link.tsx";
import { PageHeader } from "./shared.tsx";
import {
  ExceptionFields,
  type FormState,
  GeneralFields,
  GuaranteeFields,
  initialForm,
  toBody,
} from "./update-form.tsx";
import { AttachmentUpload } from "./upload.tsx";
import { SaveButton } from "../../components/save-button.tsx";
import { ConfirmAsk, useAsk } from "../../components/dialogs/confirm-ask.tsx";

const SAVED_OK = "La información de la garantía se guardó y fue validada: puede enviarla a revisión.";
const SAVED_WITH_ERRORS = "La información se guardó, pero se encontraron las siguientes observaciones:";

export function UpdateGuarantee({ id }: { id: number }) {
  const [result, setResult] = useState<Result | null>(null);
  // One form per guarantee; within it, a refetch (after an upload or a review) keeps what is being typed.
  return (
    <>
      <UpdateScreen key={id} id={id} onResult={setResult} />
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}

function UpdateScreen({ id, onResult: setResult }: { id: number; onResult: (r: Result) => void }) {
  const { data: view } = useSuspenseQuery(guaranteeQuery(id));
  const queryClient = useQueryClient();
  const draft = useDraft<FormState>(initialForm(view));
  const form = draft.values;
  // The version the person's edits start from: a refetch moves it only while nothing is typed, so a change
  // made elsewhere meanwhile refuses the save (448) instead of being overwritten silently; after a 448, the
  // newer version, so that saving again replaces it knowingly.
  const [version, setVersion] = useState(view.version);
  const [seen, setSeen] = useState(view.version);
  if (seen !== view.version) {
    setSeen(view.version);
    if (!draft.dirty) setVersion(view.version);
  }
  // The person's own upload from this screen is a write too: the version it answers is theirs to keep; a
  // refused one (448) hands the newer version. Either way the screen reads the current data again.
  const tookVersion = (v: number) => {
    setVersion(v);
    return reload();
  };
  const confirm = useAsk();
  const mode = view.acciones.editMode;
  const d = view.detalle_garantia;
  const e = view.excepcion;
  const set = (patch: Partial<FormState>) => draft.set(patch);
  const reload = () => queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });

  /** Saves the form; a body the server's schema refuses is told like the server's 422, without a call. */
  const store = async (): Promise<ValidationResult> => {
    const body = toBody(view, form, version);
    const checked = validate(guaranteeSaveBody, body);
    if (!checked.ok) {
      showError(VALIDATION_ERROR, errorMessage(VALIDATION_ERROR), checked.errors as Record<string, string>);
      throw new ApiError(VALIDATION_ERROR, errorMessage(VALIDATION_ERROR), checked.errors);
    }
    const r = await put<GuaranteeSaved>(GUARANTEE_API.detail(id), body, { confirm: false }).catch((err) => {
      const stale = staleOf(err);
      if (stale) setVersion(stale.version);
      throw err;
    });
    // What was saved is the new baseline: the refetch then shows the stored values as the server keeps them.
    draft.commit();
    return r.validation;
  };
  const saveStep = async () => {
    try {
      const v = await store();
      setResult({
        ok: v.success,
        title: v.success ? "Guardado y validado" : "Guardado con observaciones",
        text: v.success ? SAVED_OK : SAVED_WITH_ERRORS,
        messages: v.validationMessages,
      });
      await reload();
    } catch {
      /* the error dialog already told */
    }
  };
  const sendStep = async () => {
    try {
      if (draft.dirty) await store();
      await post<Done<ValidationResult>>(GUARANTEE_API.send(id), undefined, { quiet: [VALIDATION_ERROR] });
      await reload();
    } catch (err) {
      if (err instanceof ApiError && err.errorId === VALIDATION_ERROR) {
        setResult({
          ok: false,
          title: "No se pudo enviar a revisión",
          text: "Se encontraron las siguientes observaciones:",
          messages: validationMessages(err),
        });
        await reload();
      }
    }
  };
  // Both steps tell their own outcome (the result dialog, or the error dialog); one runs at a time.
  const step = useSave({ send: (which: "save" | "send") => which === "save" ? saveStep() : sendStep() });
  const busy = step.sending ?? "";
  const save = () => step.save("save");
  const send = () => step.save("send");

  const sections = [
    {
      header: "Datos Generales",
      body: <GeneralFields view={view} f={form} set={set} disabled={mode !== "main"} />,
    },
    {
      header: d.tipo_garantia.codigo === CASH ? "Operación en Efectivo" : "Carta Fianza",
      body: <GuaranteeFields view={view} f={form} set={set} disabled={mode !== "main"} />,
    },
    {
      header: "Adjunto",
      body: (
        <div className="guarantee-stack">
          <FileLink
            url={d.url_filename_carta_fianza ?? d.url_filename_operacion}
            name={d.filename_carta_fianza ?? d.filename_operacion}
          />
          {mode === "main" && d.tipo_garantia.codigo !== NONE && (
            <AttachmentUpload
              detailId={id}
              kind={d.tipo_garantia.codigo === LETTER ? "carta_fianza" : "operacion"}
              version={version}
              onUploaded={tookVersion}
              onStale={tookVersion}
            />
          )}
        </div>
      ),
    },
  ];
  if (e && e.codigo_estado_excepcion === "APR") {
    sections.push({
      header: "Datos de la Excepción",
      body: (
        <div className="guarantee-stack">
          <ExceptionData e={e} />
          <ExceptionFields view={view} f={form} set={set} disabled={mode !== "exception"} />
        </div>
      ),
    });
    if (e.codigo_tipo_garantia_excepcion) {
      const cash = e.codigo_tipo_garantia_excepcion === CASH;
      sections.push({
        header: "Adjunto de la Excepción",
        body: (
          <div className="guarantee-stack">
            <FileLink
              url={cash ? e.url_file_name_efectivo : e.url_file_name_carta_fianza}
              name={cash ? e.file_name_efectivo : e.file_name_carta_fianza}
            />
            {mode === "exception" && (
              <AttachmentUpload
                detailId={id}
                kind={cash ? "excepcion_efectivo" : "excepcion_carta_fianza"}
                version={version}
                onUploaded={tookVersion}
                onStale={tookVersion}
              />
            )}
          </div>
        ),
      });
    }
  }
  sections.push({ header: "Historial de Revisiones", body: <ReviewHistory rows={view.historial} /> });

  return (
    <div className="guarantee-stack">
      <PageHeader title="Actualizar Garantía" crumbs={[{ label: "Garantias", to: "/garantias" }]}>
        <SaveButton busy={busy === "save"} ready={view.acciones.save && busy === ""} onClick={save} />
        <SaveButton
          label="Enviar a Revisión"
          icon="pi pi-send"
          busy={busy === "send"}
          ready={view.acciones.send && busy === ""}
          onClick={() => confirm.ask(true)}
        />
      </PageHeader>
      <GuaranteeHead view={view} detailedLights={false} />
      {!mode && (
        <p className="page-lead" role="note">
          <i className="pi pi-lock" aria-hidden="true" />{" "}
          La garantía no se puede modificar en su estado actual.
        </p>
      )}
      {mode === "exception" && (
        <p className="page-lead" role="note">
          <i className="pi pi-info-circle" aria-hidden="true" />{" "}
          La garantía tiene una excepción aprobada: solo se pueden modificar los datos de la excepción.
        </p>
      )}
      <div className="card">
        <Sections tabs={sections} />
      </div>
      <LeaveGuard when={draft.dirty} />
      <ConfirmAsk
        {...confirm.frame}
        header="Enviar a Revisión"
        message="¿Está seguro de enviar la garantía a revisión?"
        onAccept={send}
      />
    </div>
  );
}
