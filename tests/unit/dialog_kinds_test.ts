// The global dialog's title and icon follow its kind (issue 38, item 4): only session, sign-in and
// permission refusals open under the spec's 'Alerta de Seguridad'.
import assert from "node:assert/strict";
import { DIALOG_TITLES, errorKind } from "#contract/errors.ts";

Deno.test("errorKind: each error id opens the dialog of its kind", () => {
  const cases: [number, string, string][] = [
    [438, "security", "Alerta de Seguridad"], // wrong password
    [401, "security", "Alerta de Seguridad"], // session expired
    [600, "security", "Alerta de Seguridad"], // no permission
    [440, "security", "Alerta de Seguridad"], // CSRF
    [449, "warning", "Advertencia"], // a locked period (refused by the record's state)
    [441, "warning", "Advertencia"], // an action the person may not take here (their own account)
    [422, "warning", "Advertencia"], // data to correct (an All-In file's rows)
    [442, "warning", "Advertencia"], // a duplicate
    [448, "warning", "Advertencia"], // changed by someone else meanwhile
    [400, "error", "Error"], // network or server failure
    [404, "error", "Error"],
  ];
  for (const [id, kind, title] of cases) {
    assert.equal(errorKind(id), kind, String(id));
    assert.equal(DIALOG_TITLES[errorKind(id)], title, String(id));
  }
  assert.equal(DIALOG_TITLES.success, "Información");
});
