import { menuScreensTest, screensOf } from "../helpers/a11y.ts";

// Every report screen of the menu (the other screens: a11y_test.ts), each with the first demo account that
// opens it: a report added later joins by being in the menu.
menuScreensTest(
  "browser: accessibility of the report screens of the menu (axe, no serious or critical violations)",
  screensOf(true),
  ["/dashboard", "/ventaGeneral", "/indicadoresVentaMensual"],
);
