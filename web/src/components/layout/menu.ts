// The side menu's sections and entries, derived from the screens' registry (web/src/screens.ts): a screen's
// path, title, permission and icon are written there once.
import type { PermissionId } from "#contract/permissions.ts";
import { hasAnyPermission, type Session } from "../../lib/session.ts";
import {
  isMenuScreen,
  MENU_GROUPS,
  type MenuGroup,
  screenAt,
  type ScreenKey,
  SCREENS,
} from "../../screens.ts";

export interface MenuEntry {
  label: string;
  to: ScreenKey;
  icon: string;
  /** The permission id (spec 1 section 6) the entry's screen requires. */
  permission: PermissionId;
}

export interface MenuSection {
  label: MenuGroup;
  icon: string;
  entries: MenuEntry[];
}

/** The whole portal menu: staff (spec 2 and 3), tenant and administration sections, in the registry's order. */
export const MENU: MenuSection[] = (() => {
  const entries = (Object.keys(SCREENS) as ScreenKey[]).flatMap((to) => {
    const s = screenAt(to);
    if (!isMenuScreen(s)) return [];
    const entry: MenuEntry = {
      label: s.menu.label ?? s.title,
      to,
      icon: s.menu.icon ?? "pi pi-angle-right",
      permission: s.permission,
    };
    return [{ group: s.menu.group, entry }];
  });
  return MENU_GROUPS.map((g) => ({
    label: g.label,
    icon: g.icon,
    entries: entries.filter((x) => x.group === g.label).map((x) => x.entry),
  }));
})();

/**
 * The sections the role may see, each with only the entries it may open among the screens this build has
 * (the menu lists the whole spec; a screen not built yet is not offered as a link to a 404).
 */
export function menuFor(session: Session, built: (path: string) => boolean = () => true): MenuSection[] {
  return MENU.map((s) => ({
    ...s,
    entries: s.entries.filter((x) => hasAnyPermission(session, [x.permission]) && built(x.to)),
  }))
    .filter((s) => s.entries.length > 0);
}

/** The section a path belongs to (for breadcrumbs), matched without regard to case. */
export function sectionOf(pathname: string): MenuSection | undefined {
  const p = pathname.toLowerCase();
  return MENU.find((s) => s.entries.some((x) => x.to.toLowerCase() === p));
}
