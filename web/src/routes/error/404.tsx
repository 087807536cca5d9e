import { createFileRoute } from "@tanstack/react-router";
import { NotFoundPage } from "../../components/pages/status-pages.tsx";

export const Route = createFileRoute("/error/404")({
  component: NotFoundPage,
});
