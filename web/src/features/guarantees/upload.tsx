// A one-file upload field: checked here for size and extension (the server checks again, by content too)
// and sent as soon as it is chosen, or kept for the form that sends it.
import { Message } from "primereact/message";
import { useId, useRef, useState } from "react";
import {
  type AttachmentUploaded,
  type DetailFileKind,
  extensionsOf,
  type FileKind,
  fileProblem,
  GUARANTEE_API,
} from "#contract/guarantees/guarantees.ts";
import { ApiError, postMultipart } from "../../lib/api.ts";
import { useSave } from "../../lib/save.ts";
import { useSession } from "../../lib/session.ts";

/** A file input of one kind of attachment; the file comes with the spec's message when it cannot go. */
export function FilePicker(
  { label, kind, disabled, onFile }: {
    label: string;
    kind: FileKind;
    disabled?: boolean;
    onFile: (file: File | null, problem: string | null) => void;
  },
) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className="file-picker">
      <label htmlFor={id} className={`p-button p-button-outlined ${disabled ? "p-disabled" : ""}`}>
        <i className="pi pi-paperclip" aria-hidden="true" />&nbsp;{label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        className="sr-only"
        accept={extensionsOf(kind).map((e) => `.${e}`).join(",")}
        disabled={disabled}
        onChange={(e) => {
          const f = e.target.files?.[0] ?? null;
          onFile(f, f ? fileProblem(f, kind) : null);
          if (input.current) input.current.value = "";
        }}
      />
    </span>
  );
}

/**
 * Uploads an attachment of a guarantee detail right away (kind: carta_fianza, operacion, excepcion_…), with the
 * guarantee's version the screen read (issue 38): `onUploaded` hands the version the upload made, `onStale` the
 * newer one a refused upload (448) names, so the screen's next save or upload replaces it knowingly.
 */
export function AttachmentUpload(
  { detailId, kind, version, disabled, onUploaded, onStale }: {
    detailId: number;
    kind: DetailFileKind;
    version: number;
    disabled?: boolean;
    onUploaded: (version: number) => void;
    onStale: (version: number) => void;
  },
) {
  const session = useSession();
  const [told, setTold] = useState<{ error: string | null; done: string | null }>({
    error: null,
    done: null,
  });
  const uploading = useSave({
    send: (form: FormData) =>
      postMultipart<AttachmentUploaded>(GUARANTEE_API.upload(detailId), form, session.csrfToken),
    onSaved: (r) => {
      setTold({ error: null, done: `Se cargó el archivo ${r.file_name}.` });
      onUploaded(r.version);
    },
    onStale,
    onFailed: (e) =>
      setTold({ error: e instanceof ApiError ? e.message : "No se pudo cargar el archivo.", done: null }),
  });
  const state = { busy: uploading.busy, ...told };
  const send = (file: File | null, problem: string | null) => {
    if (!file) return;
    if (problem) return setTold({ error: problem, done: null });
    setTold({ error: null, done: null });
    const form = new FormData();
    form.set("kind", kind);
    form.set("version", String(version));
    form.set("file", file);
    uploading.save(form);
  };
  return (
    <div className="upload-field">
      <FilePicker
        label={state.busy ? "Cargando..." : "Seleccionar archivo"}
        kind={kind}
        disabled={disabled || state.busy}
        onFile={send}
      />
      <small className="muted">pdf, msg, xlsx o xls; hasta 20 MB.</small>
      {state.error && <Message severity="error" text={state.error} />}
      {state.done && <Message severity="success" text={state.done} />}
    </div>
  );
}
