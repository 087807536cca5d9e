import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordScreen } from "../../features/auth/forgot-password-screen.tsx";

export const Route = createFileRoute("/auth/forgotPassword")({
  component: ForgotPasswordScreen,
});
