import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { day } from "#contract/fields.ts";
import { DEFAULT_MALL, MALL_IDS } from "#contract/staff.ts";
import { mallsQuery, tenantsQuery } from "../../features/staff/api.ts";
import { TenantsScreen } from "../../features/staff/tenants-screen.tsx";
import { screenGuard } from "../../lib/screen-guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../lib/table-search.ts";

const searchDay = day("").optional().catch(undefined);
const code = z.string().trim().min(1).max(30).optional().catch(undefined);

/** 'Locatarios': ?mall, ?contrato (from a notification), ?cierre (the closing view) and the table's state. */
export const Route = createFileRoute("/_app/Locatario/Index")({
  beforeLoad: screenGuard,
  validateSearch: tableSearchSchema.extend({
    mall: z.coerce.number().int().refine((m) => (MALL_IDS as readonly number[]).includes(m)).optional().catch(
      undefined,
    ),
    contrato: code,
    cierre: code,
    desde: searchDay,
    hasta: searchDay,
  }),
  search: { middlewares: [stripTableDefaults()] },
  loaderDeps: ({ search }) => ({ mall: search.mall ?? DEFAULT_MALL }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(mallsQuery),
      context.queryClient.ensureQueryData(tenantsQuery(deps.mall)),
    ]),
  component: TenantsScreen,
});
