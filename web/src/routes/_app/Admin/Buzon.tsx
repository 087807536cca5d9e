import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { mailboxQueryOptions } from "../../../features/admin/api.ts";
import { MailboxScreen } from "../../../features/admin/mailbox-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

/** 'Buzón de correo': ?mail=<id> opens that message. */
export const Route = createFileRoute("/_app/Admin/Buzon")({
  beforeLoad: screenGuard,
  validateSearch: tableSearchSchema.extend({ mail: z.number().int().optional().catch(undefined) }),
  search: { middlewares: [stripTableDefaults()] },
  loader: ({ context }) => context.queryClient.ensureQueryData(mailboxQueryOptions),
  component: MailboxScreen,
});
