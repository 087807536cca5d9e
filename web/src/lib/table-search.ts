import { stripSearchParams } from "@tanstack/react-router";
import { z } from "zod";

/** A table's state in the URL (?q=&sort=&desc=&page=), so a reload or a shared link restores it. */
export const tableSearchSchema = z.object({
  q: z.string().default("").catch(""),
  sort: z.string().optional().catch(undefined),
  desc: z.boolean().optional().catch(undefined),
  page: z.number().int().min(1).default(1).catch(1),
});

export type TableSearch = z.infer<typeof tableSearchSchema>;

/** Keeps the defaults out of the URL (for a table's schema or one extending it). */
export const stripTableDefaults = <T extends TableSearch>() =>
  stripSearchParams<T>({ q: "", page: 1 } as Partial<T>);
