import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import type { CSSProperties, FormEvent, ReactNode } from "react";
import type { z } from "zod";
import { type FieldErrors, serverFieldErrors, staleOf, validate } from "../../lib/forms.ts";
import { ADMIN_KEY } from "./api.ts";

/**
 * The save of an admin dialog: checks the values with the server's schema (the same messages as a refused
 * save), sends them, then refreshes every admin list and calls onSaved; the server's field messages of a
 * refused save go under the inputs, and a save refused as stale (448) hands the newer version to onStale,
 * the values staying as typed.
 */
export function useDialogSave<S extends z.ZodType>(
  { schema, values, setErrors, send, onSaved, onStale }: {
    schema: S;
    values: unknown;
    setErrors: (e: FieldErrors) => void;
    send: (body: z.output<S>) => Promise<unknown>;
    onSaved: () => void;
    onStale?: (version: number) => void;
  },
) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: send,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
      onSaved();
    },
    onError: (e) => {
      setErrors(serverFieldErrors(e));
      const stale = staleOf(e);
      if (stale) onStale?.(stale.version);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = validate(schema, values);
    setErrors(v.ok ? {} : v.errors);
    if (v.ok && !save.isPending) save.mutate(v.data);
  };
  return { submit, busy: save.isPending };
}

/** A modal form with 'Cancelar' and 'Guardar' under it. */
export function FormDialog(
  { id, header, style, onClose, onSubmit, busy, children }: {
    id: string;
    header: string;
    style: CSSProperties;
    onClose: () => void;
    onSubmit: (e: FormEvent) => void;
    busy: boolean;
    children: ReactNode;
  },
) {
  return (
    <Dialog visible onHide={onClose} header={header} style={style} draggable={false} modal>
      <form id={id} className="dialog-form" onSubmit={onSubmit} noValidate>
        {children}
      </form>
      <div className="dialog-footer">
        <Button type="button" label="Cancelar" severity="secondary" text onClick={onClose} />
        <Button type="submit" form={id} label="Guardar" icon="pi pi-check" loading={busy} />
      </div>
    </Dialog>
  );
}
