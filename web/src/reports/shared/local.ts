// The JavaScript twins of the SQL pieces in sql.ts that the local statements need (web/src/analytics/local.ts):
// the same figures with the same nulls, so a report's local rows equal its SQL rows (tests/reports/local_test.ts).

import type { LocalData } from "../../analytics/local.ts";
import type { Comparison } from "./sql.ts";
import { nullsLast, percentOf, ratioOf, sumOf } from "./sums.ts";

/** A contract as the reports read it (the 'contracts' family). */
export interface LocalContract {
  id: number;
  code: string;
  mall_id: number;
  denominacion: string | null;
  category_id: number | null;
  cebe_code: string | null;
  cebe_name: string | null;
  area: number | null;
  currency: string | null;
  objetos: string | null;
  executive: string | null;
}

/** The contracts named by the report, by id. */
export function contractsById(d: LocalData): Map<number, LocalContract> {
  return new Map(d.rows("contracts").map((r) => [r.id as number, r as unknown as LocalContract]));
}

/**
 * inflationCte: per month 1 to 12, the factor that brings an amount of (y1, m) to (y2, m), the product of
 * (1 + pct/100) over the months after (y1, m) up to (y2, m); 1 when off, when y1 >= y2 or without rates.
 */
export function inflationFactors(d: LocalData, on: boolean, y1: number, y2: number): number[] {
  const out = Array.from({ length: 13 }, () => 1);
  if (!on || y1 >= y2) return out;
  const rates = d.rows("inflation");
  for (let m = 1; m <= 12; m++) {
    let logs = 0, any = false;
    for (const r of rates) {
      const at = (r.year as number) * 12 + (r.month as number);
      if (at > y1 * 12 + m && at <= y2 * 12 + m && r.pct !== null) {
        logs += Math.log(1 + (r.pct as number) / 100);
        any = true;
      }
    }
    out[m] = any ? Math.exp(logs) : 1;
  }
  return out;
}

/** A row of comparisonCtes' `pc`: a contract of the mall with sales in either period. */
export interface LocalPc {
  contract: LocalContract;
  act: number;
  cmp: number;
  area_act: number | null;
  area_cmp: number | null;
}

/**
 * comparisonCtes' `pc`: per contract of the mall (and currency) with closings in either period, its sales of
 * both (the comparison's brought to y2 with 'Inflación'), and its area where it sold; with SSS only those
 * with closings in both periods. `daily`: every day from the daily rows (comparisonCtes' `daily`: a chart by
 * day of the month reads no whole month).
 */
export function comparisonLocal(c: Comparison, d: LocalData, daily = false): LocalPc[] {
  const factors = inflationFactors(d, c.inflation, c.y1, c.y2);
  const act = d.sales(c.act.start, c.act.end, undefined, daily);
  const cmp = d.sales(c.cmp.start, c.cmp.end, (m) => factors[m], daily);
  const contracts = contractsById(d);
  const out: LocalPc[] = [];
  for (const id of new Set([...act.keys(), ...cmp.keys()])) {
    const k = contracts.get(id);
    if (!k || (c.mall !== 0 && k.mall_id !== c.mall)) continue;
    if (c.sss && !(act.has(id) && cmp.has(id))) continue;
    if (c.currency && k.currency !== c.currency) continue;
    const a = act.has(id) ? act.get(id)! / 100 : null, b = cmp.has(id) ? cmp.get(id)! / 100 : null;
    out.push({
      contract: k,
      act: a ?? 0,
      cmp: b ?? 0,
      area_act: a !== null && a > 0 ? k.area : 0,
      area_cmp: b !== null && b > 0 ? k.area : 0,
    });
  }
  return out;
}

/** Adds v to key's group (a twin's GROUP BY): in place, not a copy of the group per row. */
export function addTo<K, V>(groups: Map<K, V[]>, key: K, v: V): void {
  const g = groups.get(key);
  if (g) g.push(v);
  else groups.set(key, [v]);
}

/** SQL's sum of one column over rows: null over no value (nulls skipped). */
export const sumBy = <T>(rows: readonly T[], get: (r: T) => number | null): number | null =>
  rows.map(get).reduce(sumOf, null);

/** COMPARED (sql.ts) over a group of `pc` rows: sales of both periods, in money and per m2, and differences. */
export function comparedOf(g: readonly LocalPc[]) {
  const act = sumBy(g, (r) => r.act), cmp = sumBy(g, (r) => r.cmp);
  const areaAct = sumBy(g, (r) => r.area_act), areaCmp = sumBy(g, (r) => r.area_cmp);
  const diff = act === null || cmp === null ? null : act - cmp;
  const actM2 = ratioOf(act, areaAct), cmpM2 = ratioOf(cmp, areaCmp);
  const pctM2 = percentOf(actM2, cmpM2);
  return {
    act,
    cmp,
    diff,
    pct: percentOf(diff, cmp),
    area_act: areaAct,
    area_cmp: areaCmp,
    act_m2: actM2,
    cmp_m2: cmpM2,
    diff_m2: actM2 === null || cmpM2 === null ? null : actM2 - cmpM2,
    pct_m2: pctM2 === null ? null : pctM2 - 100,
  };
}

/** COUNTED (sql.ts): COMPARED and the number of contracts of the group. */
export const countedOf = (g: readonly LocalPc[]) => ({ ...comparedOf(g), contracts: g.length });

/** A contract's row of a drill-down (the SQL's `select 0, contract_id, code, denominacion, area, COMPARED`). */
export type ContractCompared = {
  is_total: number;
  contract_id: number;
  contrato: string;
  denominacion: string;
  area: number | null;
} & ReturnType<typeof comparedOf>;

/**
 * The drill-down of a group (VC, VD): each contract of `pc` kept, with its compared figures, by code, then the
 * totals row over them (always there: SQL's aggregate without GROUP BY).
 */
export function contractsCompared(pc: readonly LocalPc[], keep: (r: LocalPc) => boolean): ContractCompared[] {
  const kept = pc.filter(keep);
  const rows: ContractCompared[] = kept.map((r) => ({
    is_total: 0,
    contract_id: r.contract.id,
    contrato: r.contract.code,
    denominacion: r.contract.denominacion as string,
    area: r.contract.area,
    ...comparedOf([r]),
  }));
  rows.sort((a, b) => nullsLast(a.contrato, b.contrato));
  rows.push({
    is_total: 1,
    contract_id: 0,
    contrato: "Total",
    denominacion: "",
    area: null,
    ...comparedOf(kept),
  });
  return rows;
}
