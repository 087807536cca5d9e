// 'Requerimiento y Ejecución' on a guarantee's staff detail (spec 3 sections 4, 5, 8): the flag-rule actions
// the server offers (desistimiento letter, prórroga, execution letter, their deliveries, cheque, delivery
// moment), each with the spec's confirmation and success texts; the letters download as PDFs.
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { type ReactNode, useState } from "react";
import { P } from "#contract/permissions.ts";
import {
  CHEQUE_NUMBER_DIGITS,
  type ChequeBody,
  type GuaranteeLetter,
  LETTER_TEXTS,
  type LetterDeliveryBody,
  type LetterPanel,
  LETTERS_API,
} from "#contract/guarantees/letters.ts";
import { TextField } from "../../components/fields.tsx";
import { FormField } from "../../components/form-field.tsx";
import { ApiError, post, put } from "../../lib/api.ts";
import { formatDate } from "../../lib/format.ts";
import { type FieldErrors, staleOf } from "../../lib/forms.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import { hasAnyPermission, useSession } from "../../lib/session.ts";
import { postMultipart } from "../../lib/api.ts";
import { guaranteeRead, GUARANTEES_KEY } from "./api.ts";
import { DeliveryFields, useDelivery } from "./delivery-fields.tsx";
import { SelectField } from "./shared.tsx";
import { FilePicker } from "./upload.tsx";
import "./requirement.css";
import { NoticeDialog } from "../../components/dialogs/dialog-frame.tsx";
import { ActionDialog } from "./action-dialog.tsx";
import { ConfirmAsk } from "../../components/dialogs/confirm-ask.tsx";

const panelQuery = (id: number) => guaranteeRead<LetterPanel>(LETTERS_API.panel(id));

type Generate = "desist_letter" | "execution_letter" | "extend";
type Form = "execution_delivery" | "desist_delivery" | "cheque" | "delivery_moment";

const GENERATE_PATH: Record<Generate, (id: number) => string> = {
  desist_letter: LETTERS_API.desist,
  execution_letter: LETTERS_API.execution,
  extend: LETTERS_API.extend,
};

/** Shown to staff holding the requirement permission. */
export function LetterActionsPanel({ id }: { id: number }) {
  const session = useSession();
  if (!hasAnyPermission(session, [P.GARANTIAS_REQUERIMIENTO_CARTA_FIANZA])) return null;
  return <Panel id={id} />;
}

function LetterLine({ label, letter }: { label: string; letter: GuaranteeLetter | null }) {
  if (!letter) return <li>{label}: no generada</li>;
  return (
    <li>
      {label}:{" "}
      <a href={letter.url} download>
        <i className="pi pi-download" aria-hidden="true" /> {letter.nro_carta}
      </a>
      {letter.fecha_entrega
        ? ` — entregada el ${formatDate(letter.fecha_entrega)} (${letter.nombre_estado_entrega})`
        : " — sin entrega registrada"}
    </li>
  );
}

function Panel({ id }: { id: number }) {
  const { data } = useQuery(panelQuery(id));
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<Generate | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const session = useSession();
  // A refused letter: the error dialog shows the server's reason. The panel is read again before it tells.
  const generating = useSave({
    send: async (what: Generate) => {
      await post(GENERATE_PATH[what](id), {});
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
    },
    onSaved: (_, what) => setDone(LETTER_TEXTS[what].done),
  });
  const uploading = useSave({
    send: async (form: FormData) => {
      await postMultipart(LETTERS_API.support(id), form, session.csrfToken);
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
    },
    onSaved: () => setDone(LETTER_TEXTS.delivery_support.done),
    onFailed: (e) => {
      setUploadError(e instanceof ApiError ? e.message : "No se pudo cargar el archivo.");
      // The panel reads the guarantee again: its newer version goes with the next upload.
      if (staleOf(e)) queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
    },
  });
  if (!data) return null;
  const a = data.acciones;

  const generate = (what: Generate) => generating.save(what);
  const upload = (file: File | null, problem: string | null) => {
    setUploadError(problem);
    if (!file || problem) return;
    const form = new FormData();
    form.set("file", file);
    // The guarantee's version the panel read: an upload over a change made meanwhile is refused (448).
    form.set("version", String(data.version));
    uploading.save(form);
  };
  const finished = async (text: string) => {
    setForm(null);
    await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
    setDone(text);
  };
  const button = (what: Generate | Form, label: string, icon: string) =>
    a[what] && (
      <Button
        type="button"
        label={label}
        icon={icon}
        outlined
        onClick={() => (what in GENERATE_PATH ? setConfirm(what as Generate) : setForm(what as Form))}
      />
    );

  return (
    <section className="card letter-panel" aria-label="Requerimiento y Ejecución">
      <h2 className="reception-title">Requerimiento y Ejecución</h2>
      <ul className="letter-facts">
        <li>Requerida: {data.is_requerida ? "Sí" : "No"}</li>
        <li>
          Prórroga: {data.fecha_vencimiento_prorroga
            ? `hasta el ${formatDate(data.fecha_vencimiento_prorroga)}`
            : "no habilitada"}
        </li>
        <LetterLine label="Carta de Ejecución" letter={data.ejecucion} />
        <LetterLine label="Carta de Desistimiento" letter={data.desistimiento} />
        {data.cheque && (
          <li>
            Cheque: {data.cheque.banco} N.° {data.cheque.nro_cheque},{" "}
            {formatDate(data.cheque.fecha_ingreso_cheque)}
          </li>
        )}
        {data.momento_entrega && <li>Momento de entrega: {data.momento_entrega.descripcion}</li>}
        {data.sustento_entrega && (
          <li>
            Sustento de entrega:{" "}
            <a href={data.sustento_entrega.url} download>
              <i className="pi pi-download" aria-hidden="true" /> {data.sustento_entrega.file_name}
            </a>
          </li>
        )}
      </ul>
      <div className="letter-buttons">
        {button("desist_letter", "Generar Carta de Desistimiento", "pi pi-file-pdf")}
        {button("extend", "Habilitar Prórroga", "pi pi-calendar-plus")}
        {button("execution_letter", "Generar Carta de Ejecución", "pi pi-file-pdf")}
        {button("execution_delivery", "Entrega Carta Ejecución", "pi pi-send")}
        {button("cheque", "Registrar Cheque", "pi pi-money-bill")}
        {button("desist_delivery", "Entregar Carta Desistimiento", "pi pi-send")}
        {button("delivery_moment", "Registrar Momento de entrega", "pi pi-clock")}
        {a.delivery_moment && (
          <FilePicker
            label={uploading.busy ? "Cargando..." : "Cargar Sustento de Entrega"}
            kind="sustento_entrega"
            disabled={uploading.busy}
            onFile={upload}
          />
        )}
      </div>
      {uploadError && <p className="p-error" role="alert">{uploadError}</p>}
      {confirm && (
        <ConfirmAsk
          visible
          onClose={() => setConfirm(null)}
          header="Confirmación"
          message={LETTER_TEXTS[confirm].confirm}
          onAccept={() => generate(confirm)}
        />
      )}
      {form && <ActionForm form={form} panel={data} onClose={() => setForm(null)} onDone={finished} />}
      {done && (
        <NoticeDialog
          onAccept={() => setDone(null)}
          header="Operación Exitosa"
          width="30rem"
          maxWidth="94vw"
        >
          <p role="status">{done}</p>
        </NoticeDialog>
      )}
    </section>
  );
}

const TITLES: Record<Form, string> = {
  execution_delivery: "Entrega Carta Ejecución",
  desist_delivery: "Entregar Carta Desistimiento",
  cheque: "Registrar Cheque",
  delivery_moment: "Registrar Momento de entrega",
};

function ActionForm(
  { form, panel, onClose, onDone }: {
    form: Form;
    panel: LetterPanel;
    onClose: () => void;
    onDone: (text: string) => void;
  },
) {
  const delivery = useDelivery();
  const { fecha, estado } = delivery;
  const [banco, setBanco] = useState<number | null>(null);
  const [nro, setNro] = useState("");
  const [momento, setMomento] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The version the panel read; after a 448 (its dialog names who and when) the newer one, so that saving
  // again replaces the other change knowingly; what was typed stays in the form.
  const { version, onStale } = useVersion(panel.version);
  const id = panel.id_garantia_detalle;
  const digits = nro === "" || /^\d+$/.test(nro);

  const ready = form === "delivery_moment"
    ? momento != null
    : form === "cheque"
    ? banco != null && nro !== "" && digits && fecha !== ""
    : delivery.ready;

  // The form's call, with what it holds when sent.
  const send = () => {
    const quiet = { quiet: [VALIDATION_ERROR] };
    if (form === "cheque") {
      const body: ChequeBody = {
        id_banco_cheque: banco!,
        nro_cheque: nro,
        fecha_ingreso_cheque: fecha,
        version,
      };
      return put(LETTERS_API.cheque(id), body, quiet);
    }
    if (form === "delivery_moment") {
      return put(LETTERS_API.moment(id), { codigo_momento_entrega_carta_fianza: momento, version }, quiet);
    }
    const body: LetterDeliveryBody = { fecha_entrega: fecha, codigo_estado_entrega: estado!, version };
    const path = form === "execution_delivery" ? LETTERS_API.executionDelivery : LETTERS_API.desistDelivery;
    return put(path(id), body, quiet);
  };
  const action = useSave({ send, setErrors, onStale, onSaved: () => onDone(LETTER_TEXTS[form].done) });
  const save = () => {
    setErrors({});
    action.save(undefined);
  };

  let body: ReactNode;
  if (form === "delivery_moment") {
    body = (
      <SelectField
        id="la-momento"
        label="Momento de entrega"
        error={errors.codigo_momento_entrega_carta_fianza}
        value={momento}
        options={panel.momentos.map((m) => ({ label: m.descripcion, value: m.codigo }))}
        onChange={setMomento}
      />
    );
  } else if (form === "cheque") {
    body = (
      <>
        <SelectField
          id="la-banco"
          label="Banco"
          error={errors.id_banco_cheque}
          value={banco}
          options={panel.bancos.map((b) => ({ label: b.nombre, value: b.id_banco }))}
          onChange={setBanco}
        />
        <TextField
          id="la-nro"
          label="Número de cheque"
          error={errors.nro_cheque ?? (digits ? undefined : CHEQUE_NUMBER_DIGITS)}
          value={nro}
          maxLength={20}
          inputMode="numeric"
          onChange={setNro}
        />
        <FormField id="la-fecha" label="Fecha" error={errors.fecha_ingreso_cheque}>
          <input
            id="la-fecha"
            type="date"
            className="p-inputtext"
            value={fecha}
            onChange={(e) => delivery.fields.onFecha(e.target.value)}
          />
        </FormField>
      </>
    );
  } else {
    body = <DeliveryFields prefix="la" errors={errors} {...delivery.fields} />;
  }
  return (
    <ActionDialog
      header={TITLES[form]}
      lead={
        <>
          Carta Fianza <strong>{panel.nro_carta_fianza ?? "—"}</strong>
        </>
      }
      width="30rem"
      busy={action.busy}
      onClose={onClose}
      onSave={save}
      canSave={ready}
    >
      {body}
    </ActionDialog>
  );
}
