// A yes/no question before a step ('Enviar a Revisión', 'Eliminar Excepción', generating a letter…): the
// warning icon and 'Sí' / 'No' unless the spec names the answers ('Borrar y guardar', 'Enviar'…); the
// negative answer, Escape or the close icon leave things as they were. `useAsk` keeps whether (and about
// what) the question is open.
import { ConfirmDialog, type ConfirmDialogProps } from "primereact/confirmdialog";
import { type ReactNode, useState } from "react";

/** The question's state: `ask(about)` opens it, `frame` is what ConfirmAsk needs to show and close it. */
export function useAsk<T = true>() {
  const [asked, setAsked] = useState<{ about: T } | null>(null);
  return {
    asked: asked?.about ?? null,
    ask: (about: T) => setAsked({ about }),
    frame: { visible: asked != null, onClose: () => setAsked(null) },
  };
}

/** What every such question shows the same: the icon and its two answers. */
const YES_NO = { icon: "pi pi-exclamation-triangle", acceptLabel: "Sí", rejectLabel: "No" } as const;

export function ConfirmAsk(
  { onClose, onAccept, ...question }: {
    visible: boolean;
    onClose: () => void;
    header: string;
    message: ReactNode;
    onAccept: () => void;
  } & Pick<ConfirmDialogProps, "acceptLabel" | "rejectLabel" | "icon" | "style">,
) {
  return <ConfirmDialog {...YES_NO} {...question} onHide={onClose} accept={onAccept} />;
}
