import { createFileRoute } from "@tanstack/react-router";
import { UnidentifiedView } from "../../components/pages/status-pages.tsx";

export const Route = createFileRoute("/_app/UnidentifiedUserLocatario")({
  component: UnidentifiedView,
});
