import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { StatementsScreen } from "../../features/staff/statements-screen.tsx";
import { screenGuard } from "../../lib/screen-guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../lib/table-search.ts";

/** Staff 'Estado de Cuenta': the customers' list, or one customer's statement (?ruc). */
export const Route = createFileRoute("/_app/Estadocuenta/Index")({
  beforeLoad: screenGuard,
  validateSearch: tableSearchSchema.extend({
    // A typed or pasted ?ruc=2037… reaches here as a number (the router parses search values as JSON).
    ruc: z.coerce.string().regex(/^[0-9]{11}$/).optional().catch(undefined),
  }),
  search: { middlewares: [stripTableDefaults()] },
  component: StatementsScreen,
});
