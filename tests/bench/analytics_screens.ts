// The report screens the analytics benchmark opens, and per screen the filter changes it times: a warm-up
// pass that loads the partitions the timed changes read, then 30 changes never used before in the page (so
// each one runs the engine: a repeated filter would show figures TanStack Query kept, timing nothing).

export interface Changes {
  /** Run first, untimed: they load the partitions the timed changes read. */
  warm: string[];
  /** 30 search strings, distinct, none in `warm`; consecutive ones change the probe's text. */
  timed: string[];
}

export interface Screen {
  name: string;
  path: string;
  /** A JS expression true once the first report is on screen. */
  ready: string;
  /** The element whose text a filter change replaces. */
  probe: string;
  /** The filter changes the bench's generic loop times (the first three screens have their own). */
  changes?: (today: string) => Changes;
}

import { EXPLORER_SCREENS } from "./explorer_screens.ts";

const pad = (n: number) => String(n).padStart(2, "0");
/** Months 1 to 10 of the year before today's: ten periods per mall, three malls make the 30 changes. */
const MONTHS = Array.from({ length: 10 }, (_, i) => i + 1);
const lastYear = (today: string) => Number(today.slice(0, 4)) - 1;
/** For each mall, a warm-up with `warm(mall)` and the timed `timed(mall, month)` for months 1 to 10. */
const byMallAndMonth = (
  malls: readonly number[],
  warm: (mall: number) => string,
  timed: (mall: number, m: number) => string,
): Changes => ({
  warm: malls.map(warm),
  timed: malls.flatMap((mall) => MONTHS.map((m) => timed(mall, m))),
});
/** 'desde=…&hasta=…' for the first `days` days of month m of year y. */
const range = (y: number, m: number, days = 28) =>
  `desde=${y}-${pad(m)}-01&hasta=${y}-${pad(m)}-${pad(days)}`;

const table = (name: string) => ({
  ready: `!!document.querySelector("section[aria-label='${name}'] tfoot td")`,
  probe: `section[aria-label='${name}'] tfoot`,
});

export const SCREENS: Screen[] = [
  {
    name: "Dashboard",
    path: "/dashboard",
    ready: `!!document.querySelector("[data-testid=vacancy-cards] .kpi") &&
      !!document.querySelector("[data-testid=dashboard-charts] [data-testid=chart-data] tbody tr")`,
    probe: "[data-testid=dashboard-charts]",
  },
  {
    name: "Ventas Mensual",
    path: "/indicadoresVentaMensual",
    ready: `/S\\//.test(document.querySelector("[data-testid=vm-national]")?.textContent ?? "")`,
    probe: "section[aria-label='Ventas Mensual por Mall'] tfoot",
  },
  {
    name: "Venta General",
    path: "/ventaGeneral",
    ready: `/S\\//.test(document.querySelector("[data-testid=vg-national]")?.textContent ?? "")`,
    probe: "section[aria-label='Venta General'] tfoot",
  },
  {
    name: "Ventas Presupuesto",
    path: "/Reportes/VentaconContrato",
    ready: `/S\\//.test(document.querySelector("[data-testid=vp-total]")?.textContent ?? "")`,
    probe: "section[aria-label='Ventas Presupuesto'] tfoot",
    changes: (today) => {
      const y = lastYear(today);
      const q = (mall: number, m: number) => `mall=${mall}&anio=${y}&mes=${m}&anioComparativo=${y - 1}`;
      return byMallAndMonth(
        [3, 0, 2],
        (mall) => q(mall, 12),
        (mall, m) => `${q(mall, m)}${m % 3 === 0 ? "&inflacion=true" : ""}`,
      );
    },
  },
  {
    name: "Diario Comparativo",
    path: "/Reportes/DiarioComparativoVentas",
    ready: `/S\\//.test(document.querySelector("[data-testid=dc-total]")?.textContent ?? "")`,
    probe: "section[aria-label='Diario Comparativo'] tfoot",
    changes: (today) => {
      const y = lastYear(today);
      const q = (mall: number, m: number) =>
        `mall=${mall}&desde=${y}-${pad(m)}-01&hasta=${y}-${pad(m + 1)}-15&anioComparativo=${y - 1}`;
      return byMallAndMonth(
        [3, 0, 6],
        (mall) => `${q(mall, 11)}&sss=true&inflacion=true`,
        (mall, m) => `${q(mall, m)}${m % 3 === 1 ? "&sss=true" : m % 3 === 2 ? "&inflacion=true" : ""}`,
      );
    },
  },
  {
    name: "Comparativo de Ventas",
    path: "/Reportes/ComparativoVentas",
    ...table("Comparativo de Ventas"),
    changes: (today) => {
      const y = lastYear(today);
      return byMallAndMonth(
        [0, 3, 2],
        (mall) => `mall=${mall}&${range(y, 12)}`,
        (mall, m) => `mall=${mall}&${range(y, m)}`,
      );
    },
  },
  // Issue 11 (A).
  {
    name: "Reporte General de Ventas",
    path: "/Reportes/GeneralVentas",
    ready: `!!document.querySelector("section[aria-label='Reporte General de Ventas'] tfoot td")`,
    probe: "section[aria-label='Reporte General de Ventas'] tbody",
    changes: (today) => {
      const y = lastYear(today);
      const sorts = ["", "&orden=monto&desc=true", "&orden=denominacion"];
      return {
        warm: [range(y, 12)],
        timed: MONTHS.flatMap((m) => sorts.map((s) => `${range(y, m)}${s}`)),
      };
    },
  },
  ...([
    ["Ventas m2 por Locatario", "/Reportes/VentasM2xLocatario", ""],
    ["Ventas por Categoría", "/Reportes/VentasPorCategoria", `&anioComparativo=`],
  ] as const).map(([name, path, cmp]): Screen => ({
    name,
    path,
    ...table(name),
    changes: (today) => {
      const y = lastYear(today);
      const extra = (m: number) =>
        cmp ? `${cmp}${y - 1}${m % 2 ? "&tipo=SSS" : ""}${m % 3 === 0 ? "&inflacion=true" : ""}` : "";
      return byMallAndMonth(
        [3, 2, 6],
        (mall) => `mall=${mall}&${range(y, 12)}${extra(12)}`,
        (mall, m) => `mall=${mall}&${range(y, m, 20)}${extra(m)}`,
      );
    },
  })),
  {
    name: "Ventas por Día",
    path: "/Reportes/ReporteDiaIndex",
    ...table("Ventas por Día"),
    changes: (today) => {
      const y = lastYear(today);
      const tipos = ["dia", "acumulada", "m2", "m2acumulada"];
      return byMallAndMonth(
        [3, 0, 2],
        (mall) => `mall=${mall}&fecha=${y}-12-20`,
        (mall, m) => `tipo=${tipos[m % 4]}&mall=${mall}&fecha=${y}-${pad(m)}-${pad(10 + m)}`,
      );
    },
  },
  ...([
    ["Afluencia Diaria Peatonal", "/Reportes/AfluenciaDiariaPeatonal", true],
    ["Afluencia Mensual Peatonal", "/Reportes/AfluenciaMensualPeatonal", false],
    ["Afluencia Diaria Parking", "/Reportes/AfluenciaDiariaParking", true],
    ["Afluencia Mensual Parking", "/Reportes/AfluenciaMensualParking", false],
  ] as const).map(([name, path, daily]): Screen => ({
    name,
    path,
    ready: `/\\d/.test(document.querySelector("[data-testid=traffic-total]")?.textContent ?? "") &&
      !!document.querySelector("section[aria-label='${name}'] tfoot td")`,
    probe: `section[aria-label='${name}'] tfoot`,
    changes: (today) => {
      const y = lastYear(today);
      if (daily) {
        const q = (mall: number, m: number) =>
          `unidadEconomicaId=${mall}&anio=${y}&mes=${m}&anioComparativo=${y - 1}`;
        return byMallAndMonth([3, 2, 6], (mall) => q(mall, 12), q);
      }
      // The monthly screens read a whole year (the month is not a filter): years and comparison years.
      const pairs = [0, 1, 2, 3, 4].flatMap((i) => [[y - i, y - i - 1], [y - i, y - i - 2]]);
      const q = (mall: number, [a, b]: number[]) =>
        `unidadEconomicaId=${mall}&anio=${a}&anioComparativo=${b}`;
      return {
        // The traffic partitions hold every mall: one mall's pass over the years loads them.
        warm: [1, 0, -1, -2, -3, -4, -5, -6].map((i) => q(3, [y + i, y + i])),
        timed: [3, 2, 6].flatMap((mall) => pairs.map((p) => q(mall, p))),
      };
    },
  })),
  // Issue 12 (Reporting II).
  ...([
    ["Ranking de Ventas por Mall", "/Reportes/RankingVentasPorMall", "Ranking de Ventas por Mall"],
    ["Ranking de Ventas", "/Reportes/RankVentas", "Ranking de Ventas"],
    ["Evolución Ventas por CEBE", "/Reportes/EvolucionVentas", "Desglose"],
    ["Evolución Ventas por Tienda", "/Reportes/EvolucionVentasTienda", "Desglose"],
    ["Provisión de Ventas", "/Reportes/ReporteProvisionVentas", "Provisión de Ventas"],
    ["Flash Semanal", "/Reportes/ReporteProyeccionesIndex", "Flash Semanal"],
  ] as const).map(([name, path, section]): Screen => ({
    name,
    path,
    ready: `!!document.querySelector("section[aria-label^='${section}'] tfoot td")`,
    probe: `section[aria-label^='${section}'] tfoot`,
    changes: (today) => {
      const y = lastYear(today);
      const q: (mall: number, m: number) => string = path.endsWith("RankingVentasPorMall")
        ? (mall, m) => `mall=${mall}&${range(y, m)}&anioComparativo=${y - 1}${m % 3 ? "" : "&inflacion=true"}`
        : path.endsWith("ReporteProyeccionesIndex")
        ? (mall, m) =>
          `mall=${mall}&desde=${y}-${pad(m)}-0${m % 3 + 1}&hasta=${y}-${pad(m)}-${pad(m % 3 + 7)}`
        : path.includes("EvolucionVentas")
        ? (mall, m) => `mall=${mall}&anio=${y}&mes=${m}&anioComparativo=${y - 1}`
        : (mall, m) => `mall=${mall}&anio=${y}&mes=${m}`;
      // These screens have no 'Todas' (0 stands for the first mall): three malls.
      return byMallAndMonth([3, 2, 6], (mall) => q(mall, 12), q);
    },
  })),
  {
    name: "Bitácora de Eventos",
    path: "/bitacoraEventos",
    ready: `/S\\//.test(document.querySelector("[data-testid=bitacora-total]")?.textContent ?? "")`,
    probe: "[data-testid=bitacora-total]",
    changes: (today) => {
      // The screen reads the last six days up to today: ranges within them, per mall.
      const day = (back: number) => {
        const d = new Date(`${today}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() - back);
        return d.toISOString().slice(0, 10);
      };
      const spans = [[5, 1], [5, 2], [4, 1], [4, 2], [3, 1], [5, 3], [4, 3], [5, 4], [3, 2], [2, 1]];
      const q = (mall: number, [a, b]: number[]) =>
        `unidadEconomicaId=${mall}&fechaInicio=${day(a)}&fechaFin=${day(b)}`;
      return {
        warm: [3, 2, 6].map((mall) => q(mall, [5, 0])),
        timed: [3, 2, 6].flatMap((mall) => spans.map((s) => q(mall, s))),
      };
    },
  },
  // Issue 41.
  ...EXPLORER_SCREENS,
];

/** Throws when a screen's timed changes are not 30 distinct filters never used in its warm-up. */
export function checkChanges(s: Screen, c: Changes): void {
  const seen = new Set(c.warm);
  for (const t of c.timed) {
    if (seen.has(t)) throw new Error(`Cannot time ${s.name}: the filter '${t}' is used twice`);
    seen.add(t);
  }
  if (c.timed.length !== 30) throw new Error(`Cannot time ${s.name}: ${c.timed.length} changes, not 30`);
}
