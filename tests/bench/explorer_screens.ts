// The Explorador de Ventas in the analytics benchmark (issue 41's speed lines): 30 changes of rows, columns,
// measures or currency at contract grain over one mall and one year (target ≤ 100 ms at the median), and 30
// at month grain over every mall and three years (≤ 300 ms); the first pivot of a fresh page is the loads
// table's line (≤ 2.5 s).

import type { Changes, Screen } from "./analytics_screens.ts";

const TITLE = "Explorador de Ventas";
const param = (name: string, v: unknown) => `${name}=${encodeURIComponent(JSON.stringify(v))}`;
const lastYear = (today: string) => Number(today.slice(0, 4)) - 1;

/** Every combination of the choices given, as the screen's search. */
function combos(
  fixed: string,
  rows: string[][],
  columns: string[][],
  measures: string[][],
  currencies: (string | null)[],
) {
  return rows.flatMap((filas) =>
    columns.flatMap((columnas) =>
      measures.flatMap((medidas) =>
        currencies.map((moneda) =>
          [
            fixed,
            param("filas", filas),
            param("columnas", columnas),
            param("medidas", medidas),
            param("moneda", moneda),
          ]
            .join("&")
        )
      )
    )
  );
}

const MEASURES = [["ventas"], ["ventas", "transacciones"], ["ticket"], ["ventas_m2"], [
  "presupuesto",
  "cumplimiento",
]];

export const EXPLORER_SCREENS: Screen[] = [
  {
    name: `${TITLE}: contrato de un mall en un año`,
    path: "/Reportes/ExploradorVentas",
    ready: `!!document.querySelector("section[aria-label='${TITLE}'] tfoot td")`,
    probe: `section[aria-label='${TITLE}'] tfoot`,
    changes: (today): Changes => {
      const y = lastYear(today);
      const fixed = `${param("malls", [3])}&desde=${y}-01-01&hasta=${y}-12-31`;
      return {
        warm: combos(fixed, [["contrato"]], [["mes"]], [["ventas", "presupuesto", "transacciones"]], [null]),
        timed: combos(fixed, [["contrato"]], [["trimestre"], ["mes"], []], MEASURES, [null, "PEN"]),
      };
    },
  },
  {
    name: `${TITLE}: mes de todos los malls en tres años`,
    path: "/Reportes/ExploradorVentas",
    ready: `!!document.querySelector("section[aria-label='${TITLE}'] tfoot td")`,
    probe: `section[aria-label='${TITLE}'] tfoot`,
    changes: (today): Changes => {
      const y = lastYear(today);
      const fixed = `desde=${y - 2}-01-01&hasta=${y}-12-31`;
      return {
        warm: combos(fixed, [["mall"]], [["anio", "mes"]], [["ventas", "presupuesto", "transacciones"]], [
          null,
        ]),
        timed: combos(fixed, [["mall"], ["categoria"], ["moneda"]], [["mes"], ["anio", "mes"]], MEASURES, [
          null,
        ]),
      };
    },
  },
];
