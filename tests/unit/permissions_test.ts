import assert from "node:assert/strict";
import { P, PERMISSIONS } from "#contract/permissions.ts";

// contract/permissions.ts types the ids every guard and menu entry names; sql/004_reference.sql seeds the
// ones the database holds, and later migrations add one each (045: Explorador de Ventas). They must be the
// same ids with the same labels: 004's in the contract's order, the later ones each once.
const LATER = ["045_explorer_permission.sql"];

const seededIn = async (file: string) => {
  const sql = await Deno.readTextFile(new URL(`../../sql/${file}`, import.meta.url));
  const block = /insert into permissions \(id, label, sort\) values([\s\S]*?)(;|on conflict)/.exec(sql)?.[1];
  assert.ok(block, `the permissions insert is in ${file}`);
  return [...block.matchAll(/\('([^']+)', '([^']+)', (\d+)\)/g)]
    .sort((a, b) => Number(a[3]) - Number(b[3]))
    .map((m) => [m[1], m[2]] as [string, string]);
};

Deno.test("contract/permissions.ts agrees with the permissions the migrations seed", async () => {
  const base = await seededIn("004_reference.sql");
  assert.equal(base.length, 50);
  const later = (await Promise.all(LATER.map(seededIn))).flat();
  assert.deepEqual(later, [["EXPLORADOR_VENTAS", "Explorador de Ventas"]]);
  const baseIds = new Set(base.map(([id]) => id));
  assert.deepEqual(
    base,
    Object.entries(PERMISSIONS).filter(([id]) => baseIds.has(id)),
    "004's permissions in the contract's order",
  );
  assert.deepEqual(
    Object.fromEntries([...base, ...later]),
    { ...PERMISSIONS },
    "every permission of the contract is seeded once, with its label",
  );
  for (const [id] of [...base, ...later]) assert.equal(P[id as keyof typeof P], id);
});
