// Search-param schemas shared by the report routes: invalid values fall back to the defaults.

import { z } from "zod";

export const yearParam = z.number().int().min(2017).max(2100).optional().catch(undefined);
export const monthParam = z.number().int().min(1).max(12).optional().catch(undefined);
export const mallParam = (fallback: number) =>
  z.number().int().min(0).max(999).default(fallback).catch(fallback);
export const flagParam = z.boolean().default(false).catch(false);
export const pageParam = z.number().int().min(1).default(1).catch(1);
/** A day 'YYYY-MM-DD' from 1 Jan 2017 (the reports' minimum date). */
const inRange = (s: string) => s >= "2017-01-01" && s <= "2100-12-31";
export const dayParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(inRange).optional().catch(undefined);
