import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { mailboxQueryOptions } from "../../../features/admin/api.ts";
import { MailboxScreen } from "../../../features/admin/mailbox-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

/** 'Buzón de correo': ?mail=<id> opens that message. */
export const Route = createFileRoute("/_app/Admin/Buzon")({
  ...screenRoute("/Admin/Buzon"),
  validateSearch: tableSearchSchema.extend({ mail: z.number().int().optional().catch(undefined) }),
  search: { middlewares: [stripTableDefaults()] },
  loader: ({ context }) => context.queryClient.ensureQueryData(mailboxQueryOptions),
  component: MailboxScreen,
});
