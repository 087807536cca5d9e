import { type ErrorComponentProps, Link, useRouter } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { isForbidden } from "../../lib/guard.ts";

/** 'Área no autorizada': the /unauthorized page and the fallback of every permission gate. */
export function UnauthorizedView() {
  return (
    <div className="status-page" role="alert">
      <i className="pi pi-lock status-icon" aria-hidden="true" />
      <h1>Área no autorizada</h1>
      <p>No tiene permisos para ver esta sección. Contáctese con el administrador si necesita acceso.</p>
      <Link to="/" className="p-button p-button-outlined">Ir al inicio</Link>
    </div>
  );
}

/** The 404 page: 'Seems there is nothing here' with 'Return Home' (the texts the spec keeps in English). */
export function NotFoundPage() {
  return (
    <main className="status-page standalone">
      <div className="status-code" aria-hidden="true">404</div>
      <h1>Seems there is nothing here</h1>
      <p>La página que busca no existe o fue movida.</p>
      <a href="/" className="p-button">Return Home</a>
    </main>
  );
}

/** 'Usuario no identificado': a tenant user without a contract in the session. */
export function UnidentifiedView() {
  return (
    <div className="status-page" role="alert">
      <i className="pi pi-user-minus status-icon" aria-hidden="true" />
      <h1>Usuario no identificado</h1>
      <p>
        Su usuario no está asociado a un contrato de locatario. Contáctese con el administrador para que le
        asigne uno.
      </p>
      <Link to="/logout" className="p-button p-button-outlined">Cerrar Sesión</Link>
    </div>
  );
}

/** A screen that failed to load: the not-authorised view for a gate, else a generic error with retry. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  if (isForbidden(error)) return <UnauthorizedView />;
  return (
    <div className="status-page" role="alert">
      <i className="pi pi-exclamation-circle status-icon" aria-hidden="true" />
      <h2>No se pudo cargar la información</h2>
      <p>Ocurrió un error al consultar el servicio. Intente nuevamente en unos momentos.</p>
      <Button type="button" label="Reintentar" icon="pi pi-refresh" onClick={() => router.invalidate()} />
    </div>
  );
}
