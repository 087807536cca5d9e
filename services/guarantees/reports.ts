// The review screens' 'Reportes' (contract/guarantees/reports.ts): each an .xlsx built here from one query over
// every guarantee (the review screens' staff see them all), one row per record, dates as dd/mm/yyyy.

import * as XLSX from "xlsx";
import { GUARANTEE_REPORTS, type GuaranteeReportId } from "#contract/guarantees/reports.ts";
import { limaDate } from "../clock.ts";
import type { Ctx } from "../context.ts";
import { dmy } from "../days.ts";
import { renewalWindowDays } from "./join.ts";

type Cell = string | number | null;

const BASE = `
    from guarantee_details d
    join guarantees g on g.id = d.guarantee_id
    join contracts c on c.id = g.contract_id
    join tenants t on t.id = c.tenant_id
    join malls m on m.id = c.mall_id
    join currencies cur on cur.id = g.currency_id
    left join banks b on b.id = d.bank_id`;

const TENANT_COLUMNS = "c.code as contrato, t.razon_social, m.name as mall";
const TENANT_HEADERS = ["Contrato", "Razón Social", "Mall"];

interface Report {
  headers: string[];
  sql: string;
  params: (today: string, windowDays: number) => unknown[];
}

const yn = (v: unknown) => (v ? "Sí" : "No");
const day = (v: unknown) => (v == null ? null : dmy(String(v).slice(0, 10)));

const REPORTS: Record<GuaranteeReportId, Report & { row: (r: Record<string, unknown>) => Cell[] }> = {
  // Every letter sent about a guarantee (notarial requirement, execution, desistimiento) with its delivery.
  carta_data_entrega: {
    headers: [
      "Tipo de Carta",
      "Nro Carta",
      ...TENANT_HEADERS,
      "Nro Carta Fianza",
      "Banco",
      "Fecha de Generación",
      "Fecha de Entrega",
      "Estado de Entrega",
    ],
    sql: `select * from (
            select 'Requerimiento Notarial' as tipo, l.nro_carta, ${TENANT_COLUMNS}, d.nro_carta_fianza,
                   b.name as banco, l.generated_at::date::text as generada, l.delivery_date::text as entrega,
                   s.name as estado, l.generated_at as orden
              from requirement_letter_details rd join requirement_letters l on l.id = rd.letter_id
              join guarantee_details d on d.id = rd.detail_id
              join guarantees g on g.id = d.guarantee_id join contracts c on c.id = g.contract_id
              join tenants t on t.id = c.tenant_id join malls m on m.id = c.mall_id
              left join banks b on b.id = d.bank_id
              left join letter_delivery_states s on s.code = l.delivery_state
            union all
            select case l.kind when 'ejecucion' then 'Ejecución' else 'Desistimiento' end, l.nro_carta,
                   ${TENANT_COLUMNS}, d.nro_carta_fianza, b.name, l.generated_at::date::text,
                   l.delivery_date::text, s.name, l.generated_at
              from guarantee_letters l join guarantee_details d on d.id = l.detail_id
              join guarantees g on g.id = d.guarantee_id join contracts c on c.id = g.contract_id
              join tenants t on t.id = c.tenant_id join malls m on m.id = c.mall_id
              left join banks b on b.id = d.bank_id
              left join letter_delivery_states s on s.code = l.delivery_state) r
          order by orden, nro_carta, contrato`,
    params: () => [],
    row: (r) => [
      r.tipo as string,
      r.nro_carta as string,
      r.contrato as string,
      r.razon_social as string,
      r.mall as string,
      r.nro_carta_fianza as string,
      r.banco as string,
      day(r.generada),
      day(r.entrega),
      (r.estado as string) ?? "Sin registrar",
    ],
  },
  // Every bank letter with where its renewal stands.
  status_renovacion_carta_fianza: {
    headers: [
      ...TENANT_HEADERS,
      "Nro Carta Fianza",
      "Banco",
      "Fecha de Vencimiento",
      "Estado",
      "En Ventana de Renovación",
      "Renovada",
      "Carta Fianza de Renovación",
      "Requerida",
    ],
    sql: `select ${TENANT_COLUMNS}, d.nro_carta_fianza, b.name as banco, d.fecha_vencimiento::text as vence,
                 st.label as estado, d.is_renovada, d.is_requerida,
                 (not d.is_renovada and d.fecha_vencimiento is not null
                   and d.fecha_vencimiento - $2::int <= $1::date) as en_ventana,
                 (select n.nro_carta_fianza from guarantee_details n where n.renews_id = d.id) as nueva
          ${BASE} join guarantee_states st on st.code = d.state_code
          where d.type_code = 'GAR1'
          order by m.sort, c.code, d.id`,
    params: (today, windowDays) => [today, windowDays],
    row: (r) => [
      r.contrato as string,
      r.razon_social as string,
      r.mall as string,
      r.nro_carta_fianza as string,
      r.banco as string,
      day(r.vence),
      r.estado as string,
      yn(r.en_ventana),
      yn(r.is_renovada),
      (r.nueva as string) ?? null,
      yn(r.is_requerida),
    ],
  },
  // The current bank letters (not renewed, with an expiry) and their days to expiry.
  vencimiento_carta_fianza: {
    headers: [
      ...TENANT_HEADERS,
      "Nro Carta Fianza",
      "Banco",
      "Moneda",
      "Importe",
      "Fecha de Emisión",
      "Fecha de Vencimiento",
      "Días para el Vencimiento",
      "Situación",
    ],
    sql: `select ${TENANT_COLUMNS}, d.nro_carta_fianza, b.name as banco, cur.code as moneda, d.importe,
                 d.fecha_emision::text as emision, d.fecha_vencimiento::text as vence,
                 (d.fecha_vencimiento - $1::date) as dias
          ${BASE}
          where d.type_code = 'GAR1' and not d.is_renovada and d.fecha_vencimiento is not null
          order by d.fecha_vencimiento, c.code, d.id`,
    params: (today) => [today],
    row: (r) => [
      r.contrato as string,
      r.razon_social as string,
      r.mall as string,
      r.nro_carta_fianza as string,
      r.banco as string,
      r.moneda as string,
      r.importe == null ? null : Number(r.importe),
      day(r.emision),
      day(r.vence),
      Number(r.dias),
      Number(r.dias) < 0 ? "Vencida" : "Por Vencer",
    ],
  },
  // The exceptions that give another type of guarantee (a letter for cash or cash for a letter).
  cambio_tipo_garantia: {
    headers: [
      ...TENANT_HEADERS,
      "Tipo de Garantía",
      "Tipo de Excepción",
      "Nuevo Tipo de Garantía",
      "Estado de la Excepción",
      "Moneda",
      "Importe",
      "Fecha Límite",
    ],
    sql:
      `select ${TENANT_COLUMNS}, ty.name as tipo, et.name as excepcion, nty.name as nuevo, es.label as estado,
                 ecur.code as moneda, e.importe, e.fecha_vencimiento::text as limite
          ${BASE}
          join guarantee_types ty on ty.code = d.type_code
          join guarantee_exceptions e on e.detail_id = d.id
          join exception_types et on et.code = e.type_code
          join guarantee_types nty on nty.code = et.guarantee_type
          join exception_states es on es.code = e.state_code
          join currencies ecur on ecur.id = e.currency_id
          order by m.sort, c.code, d.id`,
    params: () => [],
    row: (r) => [
      r.contrato as string,
      r.razon_social as string,
      r.mall as string,
      r.tipo as string,
      r.excepcion as string,
      r.nuevo as string,
      r.estado as string,
      r.moneda as string,
      Number(r.importe),
      day(r.limite),
    ],
  },
};

/** The report as an .xlsx file named after it, with its row count (the audit and the tests read it). */
export async function guaranteeReport(
  ctx: Ctx,
  id: GuaranteeReportId,
): Promise<{ bytes: Uint8Array; name: string; rows: number }> {
  const report = REPORTS[id];
  const today = limaDate(ctx.clock());
  const rows = await ctx.db.query<Record<string, unknown>>(
    report.sql,
    report.params(today, await renewalWindowDays(ctx.db)),
  );
  const sheet = XLSX.utils.aoa_to_sheet([report.headers, ...rows.map(report.row)]);
  sheet["!cols"] = report.headers.map((h) => ({ wch: Math.max(12, h.length + 2) }));
  const book = XLSX.utils.book_new();
  const title = GUARANTEE_REPORTS[id];
  XLSX.utils.book_append_sheet(book, sheet, title.replace(/[\\/?*[\]:]/g, "-").slice(0, 31));
  const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }));
  return { bytes, name: `${title.replace(/\//g, "-")} ${today}.xlsx`, rows: rows.length };
}
