// Search-param schemas shared by the report routes: invalid values fall back to the defaults.

import { z } from "zod";

export const yearParam = z.number().int().min(2017).max(2100).optional().catch(undefined);
export const monthParam = z.number().int().min(1).max(12).optional().catch(undefined);
export const mallParam = (fallback: number) =>
  z.number().int().min(0).max(999).default(fallback).catch(fallback);
export const flagParam = z.boolean().default(false).catch(false);
export const pageParam = z.number().int().min(1).default(1).catch(1);
