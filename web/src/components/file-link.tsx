// An attachment's download link, shown by the guarantee screens and the account statement alike.

/** A download link of an attachment (served by the API as an attachment). */
export function FileLink({ url, name, label }: { url: string | null; name?: string | null; label?: string }) {
  if (!url) return <span className="muted">Sin adjunto</span>;
  return (
    <a className="file-link" href={url} download>
      <i className="pi pi-download" aria-hidden="true" /> {label ?? name ?? "Descargar"}
    </a>
  );
}
