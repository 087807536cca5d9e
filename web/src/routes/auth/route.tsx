import { createFileRoute } from "@tanstack/react-router";
import { AuthFrame } from "../../features/auth/auth-frame.tsx";

/** The frame of the sign-in screens. */
export const Route = createFileRoute("/auth")({
  component: AuthFrame,
});
