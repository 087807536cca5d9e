import { IconField } from "primereact/iconfield";
import { InputIcon } from "primereact/inputicon";
import { InputText } from "primereact/inputtext";
import { useState } from "react";
import type { Permission } from "#contract/auth.ts";
import type { PermissionId } from "#contract/permissions.ts";
import { MENU } from "../../components/layout/menu.ts";
import { foldText } from "../../lib/text.ts";

const SECTION_OF = new Map(MENU.flatMap((s) => s.entries.map((e) => [e.permission, s.label] as const)));
const OTHER = "Otros";

/** The role's permissions as checkboxes grouped by menu section, with a search and a toggle per section. */
export function PermissionPicker(
  { all, value, onChange }: {
    all: Permission[];
    value: PermissionId[];
    onChange: (ids: PermissionId[]) => void;
  },
) {
  const [q, setQ] = useState("");
  const chosen = new Set(value);
  const shown = all.filter((p) => !q.trim() || foldText(`${p.label} ${p.id}`).includes(foldText(q.trim())));
  const groups = new Map<string, Permission[]>();
  for (const p of shown) {
    const g = SECTION_OF.get(p.id) ?? OTHER;
    groups.set(g, [...(groups.get(g) ?? []), p]);
  }
  const set = (ids: PermissionId[], on: boolean) => {
    const next = new Set(value);
    for (const id of ids) on ? next.add(id) : next.delete(id);
    // Keep the catalogue's order.
    onChange(all.filter((p) => next.has(p.id)).map((p) => p.id));
  };

  return (
    <div className="permission-picker" role="group" aria-label="Permisos del rol">
      <div className="permission-picker-bar">
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            type="search"
            value={q}
            placeholder="Buscar permiso"
            aria-label="Buscar permiso"
            onChange={(e) => setQ(e.target.value)}
          />
        </IconField>
        <span className="muted" aria-live="polite">{value.length} de {all.length} asignados</span>
      </div>
      <div className="permission-groups">
        {groups.size === 0 && <p className="muted">Ningún permiso coincide con la búsqueda.</p>}
        {[...groups].map(([label, perms]) => {
          const ids = perms.map((p) => p.id);
          const on = ids.filter((id) => chosen.has(id)).length;
          const groupId = `perm-group-${foldText(label).replace(/\W+/g, "-")}`;
          return (
            <fieldset key={label} className="permission-group">
              <legend>
                <label className="permission-check group">
                  <input
                    type="checkbox"
                    checked={on === ids.length}
                    ref={(el) => {
                      if (el) el.indeterminate = on > 0 && on < ids.length;
                    }}
                    aria-controls={groupId}
                    onChange={(e) => set(ids, e.target.checked)}
                  />
                  {label} <span className="muted">({on}/{ids.length})</span>
                </label>
              </legend>
              <div id={groupId} className="permission-grid">
                {perms.map((p) => (
                  <label key={p.id} className="permission-check" title={p.id}>
                    <input
                      type="checkbox"
                      checked={chosen.has(p.id)}
                      onChange={(e) => set([p.id], e.target.checked)}
                    />
                    <span>{p.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
