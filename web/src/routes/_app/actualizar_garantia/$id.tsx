import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { ConfirmDialog } from "primereact/confirmdialog";
import { useState } from "react";
import { ApiError, post, put } from "../../../lib/api.ts";
import {
  guaranteeQuery,
  GUARANTEES_KEY,
  validationMessages,
  type ValidationResult,
} from "../-guarantees/api.ts";
import { detailId, loadGuarantee, Sections } from "../-guarantees/detail.tsx";
import { type Result, ResultDialog } from "../-guarantees/result-dialog.tsx";
import { ExceptionData, GuaranteeHead, ReviewHistory } from "../-guarantees/sections.tsx";
import { FileLink, PageHeader, tenantGuaranteeScreen } from "../-guarantees/shared.tsx";
import {
  ExceptionFields,
  type FormState,
  GeneralFields,
  GuaranteeFields,
  initialForm,
  toBody,
} from "../-guarantees/update-form.tsx";
import { AttachmentUpload } from "../-guarantees/upload.tsx";

/** 'Actualizar Garantía': the tenant updates its guarantee and sends it to review. */
export const Route = createFileRoute("/_app/actualizar_garantia/$id")({
  beforeLoad: tenantGuaranteeScreen,
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: UpdateGuarantee,
});

const SAVED_OK = "La información de la garantía se guardó y fue validada: puede enviarla a revisión.";
const SAVED_WITH_ERRORS = "La información se guardó, pero se encontraron las siguientes observaciones:";

function UpdateGuarantee() {
  const id = detailId(Route.useParams().id);
  const { data: view } = useSuspenseQuery(guaranteeQuery(id));
  const [result, setResult] = useState<Result | null>(null);
  // A fresh form whenever the stored guarantee changes (after a save, an upload or a review).
  return (
    <>
      <UpdateScreen
        key={JSON.stringify(view.detalle_garantia) + JSON.stringify(view.excepcion)}
        id={id}
        onResult={setResult}
      />
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}

function UpdateScreen({ id, onResult: setResult }: { id: number; onResult: (r: Result) => void }) {
  const { data: view } = useSuspenseQuery(guaranteeQuery(id));
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => initialForm(view));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<"" | "save" | "send">("");
  const [confirming, setConfirming] = useState(false);
  const mode = view.acciones.editMode;
  const d = view.detalle_garantia;
  const e = view.excepcion;
  const set = (patch: Partial<FormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setDirty(true);
  };
  const reload = () => queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });

  const store = async () => {
    const r = await put<{ validation: ValidationResult }>(`/api/guarantees/${id}`, toBody(view, form), {
      confirm: false,
    });
    setDirty(false);
    return r.validation;
  };
  const save = async () => {
    setBusy("save");
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
    } finally {
      setBusy("");
    }
  };
  const send = async () => {
    setBusy("send");
    try {
      if (dirty) await store();
      await post(`/api/guarantees/${id}/send`, undefined, { quiet: [422] });
      await reload();
    } catch (err) {
      if (err instanceof ApiError && err.errorId === 422) {
        setResult({
          ok: false,
          title: "No se pudo enviar a revisión",
          text: "Se encontraron las siguientes observaciones:",
          messages: validationMessages(err),
        });
        await reload();
      }
    } finally {
      setBusy("");
    }
  };

  const sections = [
    {
      header: "Datos Generales",
      body: <GeneralFields view={view} f={form} set={set} disabled={mode !== "main"} />,
    },
    {
      header: d.tipo_garantia.codigo === "GAR2" ? "Operación en Efectivo" : "Carta Fianza",
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
          {mode === "main" && d.tipo_garantia.codigo !== "GAR0" && (
            <AttachmentUpload
              detailId={id}
              kind={d.tipo_garantia.codigo === "GAR1" ? "carta_fianza" : "operacion"}
              onUploaded={reload}
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
      const cash = e.codigo_tipo_garantia_excepcion === "GAR2";
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
                onUploaded={reload}
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
        <Button
          type="button"
          label="Guardar"
          icon="pi pi-save"
          disabled={!view.acciones.save || busy !== ""}
          loading={busy === "save"}
          onClick={save}
        />
        <Button
          type="button"
          label="Enviar a Revisión"
          icon="pi pi-send"
          disabled={!view.acciones.send || busy !== ""}
          loading={busy === "send"}
          onClick={() => setConfirming(true)}
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
      <ConfirmDialog
        visible={confirming}
        onHide={() => setConfirming(false)}
        header="Enviar a Revisión"
        message="¿Está seguro de enviar la garantía a revisión?"
        icon="pi pi-exclamation-triangle"
        acceptLabel="Sí"
        rejectLabel="No"
        accept={send}
      />
    </div>
  );
}
