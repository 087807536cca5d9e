import { menuScreensTest, screensOf } from "../helpers/a11y.ts";

// Every other screen of the menu but the reports, from the second (the first half, with the sign-in screen:
// a11y_test.ts), each with the first demo account that opens it: a screen added later joins by being in the menu.
menuScreensTest(
  "browser: accessibility of the menu's other screens, second half (axe, no serious or critical violations)",
  screensOf(false, 1),
  ["/Inflacion/Index", "/cierreVentas/registrarCierre", "/Locatario/Index"],
);
