import { Tag } from "primereact/tag";
import { ACCOUNT_STATE_SEVERITY, accountState } from "../lib/format.ts";

/** A user's state badge, the same on the tenant's and the administrator's screens. */
export function AccountStateTag(user: { active: boolean; activated: boolean }) {
  const state = accountState(user);
  return <Tag value={state} severity={ACCOUNT_STATE_SEVERITY[state]} rounded />;
}
