import assert from "node:assert/strict";
import { P, PERMISSIONS } from "../../contract/permissions.ts";

// contract/permissions.ts types the ids every guard and menu entry names; sql/004_reference.sql seeds the
// ones the database holds. They must be the same ids with the same labels, in the same order.
Deno.test("contract/permissions.ts agrees with the permissions sql/004_reference.sql seeds", async () => {
  const sql = await Deno.readTextFile(new URL("../../sql/004_reference.sql", import.meta.url));
  const block = /insert into permissions \(id, label, sort\) values([\s\S]*?);/.exec(sql)?.[1];
  assert.ok(block, "the permissions insert is in the file");
  const seeded = [...block.matchAll(/\('([^']+)', '([^']+)', (\d+)\)/g)]
    .sort((a, b) => Number(a[3]) - Number(b[3]))
    .map((m) => [m[1], m[2]]);
  assert.equal(seeded.length, 50);
  assert.deepEqual(seeded, Object.entries(PERMISSIONS));
  for (const [id] of seeded) assert.equal(P[id as keyof typeof P], id);
});
