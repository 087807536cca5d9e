// Imported first by main.tsx, so that this runs before the rest of the app's code is evaluated (React's DOM,
// the router, the screens' modules: a tenth of a second or more): the session, which every signed-in route
// waits for, is on its way meanwhile.
import { askSessionEarly } from "./session.ts";

askSessionEarly();
