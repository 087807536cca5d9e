import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { mailboxQueryOptions } from "../../../features/admin/api.ts";
import { MailboxScreen } from "../../../features/admin/mailbox-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

/** 'Buzón de correo': ?mail=<id> opens that message. */
export const Route = createFileRoute("/_app/Admin/Buzon")({
  staticData: { title: "Buzón de correo" },
  validateSearch: tableSearchSchema.extend({ mail: z.number().int().optional().catch(undefined) }),
  search: { middlewares: [stripTableDefaults()] },
  beforeLoad: requirePermission(P.GESTION_USUARIOS),
  loader: ({ context }) => context.queryClient.ensureQueryData(mailboxQueryOptions),
  component: MailboxScreen,
});
