import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { type FormEvent, useEffect, useState } from "react";
import { FormField } from "../../components/form-field.tsx";
import { setCsrfToken } from "../../lib/api.ts";
import { useSave } from "../../lib/save.ts";
import { SESSION_KEY, useSession } from "../../lib/session.ts";
import { chooseContract, contractsQuery, TENANT_KEY } from "./api.ts";
import "./tenant.css";

/** 'Seleccionar Contrato': a tenant user picks which of its own contracts the session works on. */
export function ChooseContractScreen() {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data } = useQuery(contractsQuery);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = data?.list ?? [];

  useEffect(() => {
    if (data && data.list.length === 0) navigate({ to: "/UnidentifiedUserLocatario", replace: true });
  }, [data, navigate]);

  const choose = useSave({
    send: chooseContract,
    onSaved: (s) => {
      setCsrfToken(s.csrfToken);
      // Everything loaded for the previous contract is dropped before the dashboard opens.
      queryClient.removeQueries({ queryKey: TENANT_KEY });
      queryClient.setQueryData(SESSION_KEY, s);
      navigate({ to: "/locatario/dashboard" });
    },
  });
  const value = chosen ?? data?.defaultId ?? null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value != null) choose.save(value);
  };

  return (
    <section className="card choose-card" aria-labelledby="choose-title">
      <h2 className="section-title" id="choose-title">
        <i className="pi pi-briefcase" aria-hidden="true" /> Seleccione el contrato con el que desea trabajar
      </h2>
      {session.tenant && (
        <p className="muted">
          Contrato actual: <strong>{session.tenant.nroContrato}</strong> · {session.tenant.razonSocial}
        </p>
      )}
      <form className="dialog-form" onSubmit={submit} noValidate>
        <FormField id="contrato" label="Contrato">
          <Dropdown
            inputId="contrato"
            value={value}
            options={list.map((c) => ({ label: `${c.label} (RUC ${c.ruc})`, value: c.value }))}
            onChange={(e) => setChosen(e.value)}
            placeholder={data ? "Seleccione un contrato" : "Cargando información ..."}
            emptyMessage="No tiene contratos asignados"
          />
        </FormField>
        <div className="closing-actions">
          <Button
            type="submit"
            label="Continuar"
            icon="pi pi-arrow-right"
            iconPos="right"
            disabled={value == null}
            loading={choose.busy}
          />
        </div>
      </form>
    </section>
  );
}
