import { Outlet } from "@tanstack/react-router";
import { Logo } from "../../components/layout/logo.tsx";

/** The frame of the sign-in screens: a centred card over the brand background. */
export function AuthFrame() {
  return (
    <div className="auth-page">
      <main className="auth-card">
        <div className="auth-logo">
          <Logo />
        </div>
        <Outlet />
      </main>
      <p className="auth-footer">© {new Date().getFullYear()} Portal de Centros Comerciales</p>
    </div>
  );
}
