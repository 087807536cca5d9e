import { Link } from "@tanstack/react-router";

/** The way back from the password screens. */
export function BackToLogin() {
  return (
    <Link to="/auth/login" className="auth-link">
      <i className="pi pi-arrow-left" aria-hidden="true" /> Volver a iniciar sesión
    </Link>
  );
}
