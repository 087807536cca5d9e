import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { ConfirmDialog } from "primereact/confirmdialog";
import { useState } from "react";
import { del } from "../../../lib/api.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { GUARANTEES_KEY } from "../-guarantees/api.ts";
import { detailId, loadException } from "../-guarantees/detail.tsx";
import { type Outcome, useExceptionForm } from "../-guarantees/exception-form.tsx";
import { ExceptionPage, useExceptionScreen } from "../-guarantees/exception-screens.tsx";

/** 'Registro de Excepción': register or update the exception of a guarantee, or delete it. */
export const Route = createFileRoute("/_app/garantias_excepcion/$id")({
  beforeLoad: requirePermission("GARANTIAS_EXCEPCION"),
  loader: ({ context, params }) => loadException(context.queryClient, params.id),
  component: RegisterException,
});

function RegisterException() {
  const id = detailId(Route.useParams().id);
  const screen = useExceptionScreen(id);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useExceptionForm({ screen, editable: screen.acciones.exceptionRegister, outcome, setOutcome });
  const remove = async () => {
    await del(`/api/guarantee-exceptions/${id}`).catch(() => {});
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
            onClick={() => setConfirming(true)}
          />
        )}
        exceptionBody={form.fields}
        supportBody={form.support}
        footer={form.footer}
      />
      <ConfirmDialog
        visible={confirming}
        onHide={() => setConfirming(false)}
        header="Eliminar Excepción"
        message="¿Está seguro de eliminar la excepción de la garantía?"
        icon="pi pi-exclamation-triangle"
        acceptLabel="Sí"
        rejectLabel="No"
        accept={remove}
      />
    </>
  );
}
