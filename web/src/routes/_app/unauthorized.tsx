import { createFileRoute } from "@tanstack/react-router";
import { UnauthorizedView } from "../../components/pages/status-pages.tsx";

export const Route = createFileRoute("/_app/unauthorized")({
  component: UnauthorizedView,
});
