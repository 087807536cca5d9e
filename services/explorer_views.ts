// The Explorador de Ventas' saved views (issue 41): each person's own named slices. A view is read, replaced
// and deleted only by its owner; saves and deletes are audited ('explorer.save', 'explorer.delete').

import {
  type ExplorerState,
  type ExplorerView,
  MAX_VIEWS,
  type SaveViewBody,
  TOO_MANY_VIEWS,
  VIEW_NOT_FOUND,
} from "#contract/explorer.ts";
import { NOT_FOUND, VALIDATION_ERROR } from "#contract/errors.ts";
import { audit } from "./audit.ts";
import type { Actor, Ctx } from "./context.ts";
import { AppError } from "./errors.ts";

interface ViewRow {
  id: number;
  name: string;
  state: ExplorerState | string;
  updated_at: Date | string;
}

const viewOf = (r: ViewRow): ExplorerView => ({
  id: r.id,
  nombre: r.name,
  // PGlite and node-postgres both parse jsonb; a driver that does not hands the text.
  estado: typeof r.state === "string" ? JSON.parse(r.state) : r.state,
  actualizado: new Date(r.updated_at).toISOString(),
});

export async function listViews(ctx: Ctx, userId: number): Promise<ExplorerView[]> {
  const rows = await ctx.db.query<ViewRow>(
    "select id, name, state, updated_at from explorer_views where user_id = $1 order by lower(name), id",
    [userId],
  );
  return rows.map(viewOf);
}

/** Saves a view under its name: a name the person already used gets the new slice. */
export async function saveView(ctx: Ctx, actor: Actor & { userId: number }, body: SaveViewBody) {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    // The person's views locked: two saves at once count the limit right.
    await q.query("select id from users where id = $1 for update", [actor.userId]);
    const [before] = await q.query<ViewRow>(
      "select id, name, state, updated_at from explorer_views where user_id = $1 and name = $2",
      [actor.userId, body.nombre],
    );
    if (!before) {
      const [{ n }] = await q.query<{ n: number }>(
        "select count(*)::int as n from explorer_views where user_id = $1",
        [actor.userId],
      );
      if (n >= MAX_VIEWS) throw new AppError(VALIDATION_ERROR, TOO_MANY_VIEWS, { nombre: TOO_MANY_VIEWS });
    }
    const [row] = await q.query<ViewRow>(
      `insert into explorer_views (user_id, name, state, created_at, updated_at) values ($1, $2, $3, $4, $4)
       on conflict (user_id, name) do update set state = excluded.state, updated_at = excluded.updated_at
       returning id, name, state, updated_at`,
      [actor.userId, body.nombre, JSON.stringify(body.estado), now],
    );
    const view = viewOf(row);
    await audit(q, {
      userId: actor.userId,
      action: "explorer.save",
      entity: "explorer_view",
      entityId: view.id,
      before: before ? viewOf(before) : undefined,
      after: view,
      ip: actor.ip,
    }, now);
    return view;
  });
}

/** Deletes one of the person's views; another person's view is as missing as one that never was. */
export async function deleteView(ctx: Ctx, actor: Actor & { userId: number }, id: number): Promise<void> {
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    const [row] = await q.query<ViewRow>(
      "delete from explorer_views where id = $1 and user_id = $2 returning id, name, state, updated_at",
      [id, actor.userId],
    );
    if (!row) throw new AppError(NOT_FOUND, VIEW_NOT_FOUND);
    await audit(q, {
      userId: actor.userId,
      action: "explorer.delete",
      entity: "explorer_view",
      entityId: id,
      before: viewOf(row),
      ip: actor.ip,
    }, now);
  });
}
