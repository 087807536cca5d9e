import { menuScreensTest, screensOf } from "../helpers/a11y.ts";

// Every other report screen of the menu, from the first (the second half: a11y_reports_2_test.ts; the other
// screens: a11y_test.ts and a11y_screens_2_test.ts), each with the first demo account that opens it: a report
// added later joins by being in the menu.
menuScreensTest(
  "browser: accessibility of the report screens of the menu, first half (axe, no serious or critical violations)",
  screensOf(true, 0),
  ["/dashboard", "/ventaGeneral"],
);
