// A mail of the local mailbox, its web addresses as links.
import { Button } from "primereact/button";
import type { ReactNode } from "react";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";
import { formatDateTime } from "../../lib/format.ts";
import type { MailRow } from "./api.ts";

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** The mail's text with its web addresses as links (the text, not the HTML, is shown: nothing runs). */
function linkify(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? <a key={i} href={part} className="mail-link">{part}</a> : part
  );
}

export function MailDialog({ mail, onClose }: { mail: MailRow; onClose: () => void }) {
  return (
    <DialogFrame
      header={mail.subject}
      width="44rem"
      onClose={onClose}
      footer={<Button type="button" label="Cerrar" onClick={onClose} />}
    >
      <dl className="mail-meta">
        <dt>Para</dt>
        <dd>{mail.to}</dd>
        <dt>Fecha</dt>
        <dd>{formatDateTime(mail.createdAt)}</dd>
      </dl>
      <div className="mail-body">{linkify(mail.bodyText)}</div>
    </DialogFrame>
  );
}
