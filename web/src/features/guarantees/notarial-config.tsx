// The notarial letters' configuration (spec 3 sections 3, 5): the notary's e-mails, exactly two signers with
// virtual signature and two with physical signature, and per provincial mall the e-mails that receive a copy
// and the signer's name. Problems are listed under 'Advertencia! Se encontraron errores en la validación'.
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { InputText } from "primereact/inputtext";
import { useEffect, useState } from "react";
import {
  CONFIG_SAVED,
  CONFIG_WARNING,
  type ConfigBody,
  type Firmante,
  type NotarialConfig,
  REQUIREMENT_API,
  validateConfig,
} from "#contract/guarantees/requirements.ts";
import { ApiError, put } from "../../lib/api.ts";
import { useSave } from "../../lib/save.ts";
import { GUARANTEES_KEY } from "./api.ts";
import { notarialConfigQuery } from "./requirement-api.ts";
import { NoticeDialog } from "../../components/dialogs/dialog-frame.tsx";
import { ActionDialog } from "./action-dialog.tsx";

interface Form {
  /** The configuration's version the form read, or the newer one a refused save (448) named. */
  version: number;
  notaria: string;
  virtual: Firmante[];
  fisica: Firmante[];
  malls: { codigo: number; nombre: string; emails: string; firmante: string }[];
}

const split = (s: string) => s.split(/[,;\s]+/).map((x) => x.trim()).filter(Boolean);

function formOf(c: NotarialConfig): Form {
  return {
    version: c.version,
    notaria: c.emails_notaria.join(", "),
    virtual: c.firmantes_firma_virtual,
    fisica: c.firmantes_firma_fisica,
    malls: c.malls_configuracion.map((m) => ({
      codigo: m.codigo,
      nombre: m.nombre,
      emails: m.emails_to_send_carta.join(", "),
      firmante: m.nombre_to_carta,
    })),
  };
}

function bodyOf(f: Form): ConfigBody {
  const pick = (l: Firmante[]) => l.map((x) => ({ codigo: x.codigo, incluido: x.incluido }));
  return {
    email_notaria: split(f.notaria),
    firmantes_firma_virtual: pick(f.virtual),
    firmantes_firma_fisica: pick(f.fisica),
    datos_mall_provincia: f.malls.map((m) => ({
      codigo_mall: m.codigo,
      email: split(m.emails),
      nombre: m.firmante,
    })),
    version: f.version,
  };
}

function Signers(
  { legend, prefix, list, onChange }: {
    legend: string;
    prefix: string;
    list: Firmante[];
    onChange: (l: Firmante[]) => void;
  },
) {
  return (
    <fieldset className="config-signers">
      <legend>{legend}</legend>
      {list.map((f, i) => (
        <div key={f.codigo} className="config-check">
          <input
            id={`${prefix}-${f.codigo}`}
            type="checkbox"
            checked={f.incluido}
            onChange={(e) =>
              onChange(list.map((x, j) => (j === i ? { ...x, incluido: e.target.checked } : x)))}
          />
          <label htmlFor={`${prefix}-${f.codigo}`}>
            {f.nombre} <span className="muted">({f.cargo})</span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}

export function NotarialConfigDialog({ onClose }: { onClose: () => void }) {
  const { data } = useQuery(notarialConfigQuery);
  const queryClient = useQueryClient();
  const [f, setF] = useState<Form | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => {
    if (data && !f) setF(formOf(data));
  }, [data, f]);
  const action = useSave({
    send: async (body: ConfigBody) => {
      await put<NotarialConfig>(REQUIREMENT_API.config, body, { quiet: [VALIDATION_ERROR] });
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
    },
    // Changed meanwhile: what was typed stays, and saving again replaces the newer configuration knowingly.
    onStale: (version) => setF((x) => x && { ...x, version }),
    // The server's observations replace the form's own.
    onFailed: (e) => {
      const list = e instanceof ApiError
        ? (e.data as { validationMessages?: string[] } | null)?.validationMessages
        : null;
      if (list) setProblems(list);
    },
  });
  const { saved, busy } = action;

  const save = () => {
    if (!f) return;
    const body = bodyOf(f);
    const names = new Map(f.malls.map((m) => [m.codigo, m.nombre]));
    const local = validateConfig(body, names);
    setProblems(local);
    if (!local.length) action.save(body);
  };

  if (saved) {
    return (
      <NoticeDialog
        onAccept={onClose}
        header="Configuración Guardada"
        width="30rem"
        maxWidth="94vw"
      >
        <p role="status">{CONFIG_SAVED}</p>
      </NoticeDialog>
    );
  }
  return (
    <ActionDialog
      header="Configuración de Cartas Notariales"
      width="44rem"
      maxWidth="96vw"
      busy={busy}
      onClose={onClose}
      onSave={save}
      canSave={f != null}
    >
      {problems.length > 0 && (
        <div className="config-warning" role="alert">
          <strong>{CONFIG_WARNING}</strong>
          <ul>
            {problems.map((p) => <li key={p}>{p}</li>)}
          </ul>
        </div>
      )}
      {!f ? <p role="status">Cargando…</p> : (
        <div className="config-form">
          <div className="config-field">
            <label htmlFor="cfg-notaria">Correos de la notaría (separados por comas)</label>
            <InputText
              id="cfg-notaria"
              value={f.notaria}
              maxLength={1000}
              onChange={(e) => setF({ ...f, notaria: e.target.value })}
            />
          </div>
          <div className="config-signers-row">
            <Signers
              legend="Firmantes con firma virtual"
              prefix="virtual"
              list={f.virtual}
              onChange={(virtual) => setF({ ...f, virtual })}
            />
            <Signers
              legend="Firmantes con firma física"
              prefix="fisica"
              list={f.fisica}
              onChange={(fisica) => setF({ ...f, fisica })}
            />
          </div>
          <fieldset className="config-malls">
            <legend>Malls de provincia</legend>
            {f.malls.map((m, i) => {
              const set = (patch: Partial<Form["malls"][number]>) =>
                setF({ ...f, malls: f.malls.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
              return (
                <div key={m.codigo} className="config-mall">
                  <strong>{m.nombre}</strong>
                  <label htmlFor={`cfg-mall-email-${m.codigo}`}>Correos de {m.nombre}</label>
                  <InputText
                    id={`cfg-mall-email-${m.codigo}`}
                    value={m.emails}
                    maxLength={1000}
                    onChange={(e) => set({ emails: e.target.value })}
                  />
                  <label htmlFor={`cfg-mall-firmante-${m.codigo}`}>Firmante de {m.nombre}</label>
                  <InputText
                    id={`cfg-mall-firmante-${m.codigo}`}
                    value={m.firmante}
                    maxLength={200}
                    onChange={(e) => set({ firmante: e.target.value })}
                  />
                </div>
              );
            })}
          </fieldset>
        </div>
      )}
    </ActionDialog>
  );
}
