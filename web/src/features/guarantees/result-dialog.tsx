// The modal that reports a save-then-validate or a refused send, with its list of observations.
import { Button } from "primereact/button";
import type { ValidationMessage } from "#contract/guarantees/guarantees.ts";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";

export interface Result {
  ok: boolean;
  title: string;
  text: string;
  messages: ValidationMessage[];
}

export function ResultDialog({ result, onClose }: { result: Result | null; onClose: () => void }) {
  return (
    <DialogFrame
      visible={result != null}
      onClose={onClose}
      header={result?.title}
      width="32rem"
      maxWidth="94vw"
      footer={<Button type="button" label="Aceptar" onClick={onClose} autoFocus />}
    >
      {result && (
        <div className="dialog-center" role={result.ok ? "status" : "alert"}>
          <i
            className={`pi ${result.ok ? "pi-check-circle" : "pi-exclamation-triangle"}`}
            style={{ color: result.ok ? "#1f9d55" : "#c27c0e" }}
            aria-hidden="true"
          />
          <div>
            <p>{result.text}</p>
            {result.messages.length > 0 && (
              <ul className="validation-list">
                {result.messages.map((m, i) => <li key={`${m.field}-${i}`}>{m.message}</li>)}
              </ul>
            )}
          </div>
        </div>
      )}
    </DialogFrame>
  );
}
