// 'Registro de Excepción': register or update the exception of a guarantee, or delete it.
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { useState } from "react";
import type { Done } from "#contract/envelope.ts";
import { GUARANTEE_API } from "#contract/guarantees/guarantees.ts";
import { del } from "../../lib/api.ts";
import { GUARANTEES_KEY } from "./api.ts";
import { type Outcome, useExceptionForm } from "./exception-form.tsx";
import { ExceptionPage, useExceptionScreen } from "./exception-screens.tsx";
import { ConfirmAsk, useAsk } from "../../components/dialogs/confirm-ask.tsx";

export function RegisterException({ id }: { id: number }) {
  const screen = useExceptionScreen(id);
  const queryClient = useQueryClient();
  const confirm = useAsk();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useExceptionForm({ screen, editable: screen.acciones.exceptionRegister, outcome, setOutcome });
  const remove = async () => {
    // A failed delete is shown by the error dialog; the confirmation still closes (spec 3 section 8).
    await del<Done>(GUARANTEE_API.exception(id)).catch(() => {});
    await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
  };
  return (
    <>
      <ExceptionPage
        id={id}
        title="Registro de Excepción"
        actions={screen.excepcion && (
          <Button
            type="button"
            label="Eliminar Excepción"
            icon="pi pi-trash"
            severity="danger"
            outlined
            disabled={!screen.acciones.exceptionDelete}
            onClick={() => confirm.ask(true)}
          />
        )}
        exceptionBody={form.fields}
        supportBody={form.support}
        footer={form.footer}
      />
      <ConfirmAsk
        {...confirm.frame}
        header="Eliminar Excepción"
        message="¿Está seguro de eliminar la excepción de la garantía?"
        onAccept={remove}
      />
    </>
  );
}
