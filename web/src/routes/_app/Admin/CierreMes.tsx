import { createFileRoute } from "@tanstack/react-router";
import { MonthCloseScreen } from "../../../features/locks/month-close-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** 'Cierre de Mes' (admin utilities): lock or unlock a month's closings. */
export const Route = createFileRoute("/_app/Admin/CierreMes")({
  ...screenRoute("/Admin/CierreMes"),
  component: MonthCloseScreen,
});
