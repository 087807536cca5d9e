import { menuScreensTest, screensOf } from "../helpers/a11y.ts";

// Every other report screen of the menu, from the second (the first half: a11y_reports_test.ts), each with the
// first demo account that opens it: a report added later joins by being in the menu.
menuScreensTest(
  "browser: accessibility of the report screens of the menu, second half (axe, no serious or critical violations)",
  screensOf(true, 1),
  ["/indicadoresVentaMensual"],
);
