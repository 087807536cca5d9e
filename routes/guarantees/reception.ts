import { Hono } from "hono";
import {
  RECEPTION_SAVED_TITLE,
  receptionBody,
  receptionSavedText,
  VAULT_SAVED_TITLE,
  vaultBody,
  vaultSavedText,
} from "#contract/guarantees/reception.ts";
import { P } from "#contract/permissions.ts";
import {
  pendingReceptions,
  receiveGuarantee,
  receptionCatalog,
  receptionHistory,
  storeInVault,
  vaultHistory,
  vaultList,
} from "../../services/guarantees/reception.ts";
import { ok } from "../envelope.ts";
import type { AppEnv } from "../env.ts";
import { guaranteeActor } from "./http.ts";
import { requirePermission } from "../middleware.ts";
import { idParam } from "../schemas.ts";
import { v } from "../validate.ts";

const receptionist = requirePermission(P.GARANTIAS_RECEPCION);
const vaultKeeper = requirePermission(P.GARANTIAS_UBICACION_CARTA_FIANZA);

/** Recepción de Garantía (/api/guarantee-reception); the state machine decides each reception. */
export const guaranteeReception = new Hono<AppEnv>();

guaranteeReception.get(
  "/catalog",
  requirePermission(P.GARANTIAS_RECEPCION, P.GARANTIAS_UBICACION_CARTA_FIANZA),
  async (c) => ok(c, await receptionCatalog(c.var.ctx.db)),
);

guaranteeReception.get("/pending", receptionist, async (c) => {
  return ok(c, { table: await pendingReceptions(c.var.ctx, guaranteeActor(c)) });
});

guaranteeReception.get("/history", receptionist, async (c) => {
  return ok(c, { table: await receptionHistory(c.var.ctx) });
});

guaranteeReception.post("/:id", receptionist, v("param", idParam), v("json", receptionBody), async (c) => {
  const r = await receiveGuarantee(
    c.var.ctx,
    guaranteeActor(c),
    c.req.valid("param").id,
    c.req.valid("json"),
  );
  return ok(c, r.saved, `${RECEPTION_SAVED_TITLE}: ${receptionSavedText(r.type, r.numero, r.estado)}`);
});

/** Bóveda de Garantías (/api/guarantee-vault): where each received bank letter is kept, with its history. */
export const guaranteeVault = new Hono<AppEnv>();

guaranteeVault.get("/", vaultKeeper, async (c) => {
  return ok(c, { table: await vaultList(c.var.ctx, guaranteeActor(c)) });
});

guaranteeVault.get("/:id/history", vaultKeeper, v("param", idParam), async (c) => {
  const historial = await vaultHistory(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
  return ok(c, { historial });
});

guaranteeVault.post("/:id", vaultKeeper, v("param", idParam), v("json", vaultBody), async (c) => {
  const body = c.req.valid("json");
  const r = await storeInVault(c.var.ctx, guaranteeActor(c), c.req.valid("param").id, body);
  return ok(c, r.saved, `${VAULT_SAVED_TITLE}: ${vaultSavedText(r.numero, body.file, body.letra_numero)}`);
});
