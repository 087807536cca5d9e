// A listing's 'Editar' and 'Eliminar' columns: a round PrimeReact IconButton per row, named for its row. Apart
// from columns.ts so that the columns (and the tests that sort with them) do not load PrimeReact.
import { createElement } from "react";
import { type Column, columnsOf } from "./columns.ts";
import { IconButton } from "./icon-button.tsx";

export function iconColumnsOf<T>() {
  const c = columnsOf<T>();
  return {
    /** 'Editar': a pencil IconButton per row, named for its row. */
    edit: (name: (row: T) => string, onClick: (row: T) => void, tooltip?: string): Column<T> =>
      c.action("edit", "Editar", (row) =>
        createElement(IconButton, {
          icon: "pi pi-pencil",
          ariaLabel: name(row),
          tooltip,
          onClick: () => onClick(row),
        })),
    /**
     * 'Eliminar': a red trash IconButton per row, named for its row; none where `keep` holds, disabled where
     * `blocked` says why (its tooltip).
     */
    remove: (
      name: (row: T) => string,
      onClick: (row: T) => void,
      opts: { keep?: (row: T) => boolean; blocked?: (row: T) => string | undefined } = {},
    ): Column<T> =>
      c.action("remove", "Eliminar", (row) => {
        if (opts.keep?.(row)) return null;
        const why = opts.blocked?.(row);
        return createElement(IconButton, {
          icon: "pi pi-trash",
          ariaLabel: name(row),
          danger: true,
          disabled: why !== undefined,
          tooltip: why,
          onClick: () => onClick(row),
        });
      }),
  };
}
