import type {
  AgeBracket,
  CollectingAccount,
  DebtDetail,
  DocCurrency,
  Receivable,
  Statement,
  StatementContract,
  StatementGuarantee,
} from "#contract/tenant.ts";
import { NOT_FOUND } from "#contract/errors.ts";
import { limaDate } from "./clock.ts";
import type { Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { daysBetween } from "./days.ts";
import { AppError } from "./errors.ts";
import { seesGuaranteesOf } from "./guarantees/access.ts";
import { selectDetails } from "./guarantees/join.ts";
import { fileUrl } from "./guarantees/view.ts";
import type { Session } from "./sessions.ts";
import { tenantScope } from "./tenant_scope.ts";

// The account statement of one customer (RUC), from the collections system's export: header, collection
// indicators per contract, receivable in soles and dollars, age brackets, overdue documents and the
// operator's collecting accounts. Ages count from the statement's date, not from today.

/** Age brackets of the open balance, by days past the due date (0 or less: not yet due). */
export const BRACKETS: readonly { tramo: string; from: number; to: number }[] = [
  { tramo: "Por vencer", from: -Infinity, to: 0 },
  { tramo: "1 - 30 días", from: 1, to: 30 },
  { tramo: "31 - 60 días", from: 31, to: 60 },
  { tramo: "61 - 90 días", from: 61, to: 90 },
  { tramo: "91 - 180 días", from: 91, to: 180 },
  { tramo: "181 - 360 días", from: 181, to: 360 },
  { tramo: "Más de 360 días", from: 361, to: Infinity },
];

interface DocRow {
  id: number;
  doc_type: string;
  reference: string;
  concept: string;
  currency: DocCurrency;
  amount: number;
  balance: number;
  issued_on: string;
  due_on: string;
  code: string;
  denominacion: string;
  mall: string;
}

const DOC_COLUMNS = `r.id, r.doc_type, r.reference, r.concept, r.currency, r.amount, r.balance, r.issued_on,
  r.due_on, c.code, c.denominacion, m.name as mall`;
const DOC_FROM = "receivables r join contracts c on c.id = r.contract_id join malls m on m.id = c.mall_id";

const cents = (x: number) => Math.round(Number(x) * 100);
const money = (c: number) => c / 100;

function receivable(docs: DocRow[], currency: string, date: string): Receivable {
  let total = 0, overdue = 0;
  for (const d of docs) {
    if (d.currency !== currency) continue;
    total += cents(d.balance);
    if (daysBetween(String(d.due_on), date) > 0) overdue += cents(d.balance);
  }
  return {
    total: money(total),
    vencidas: money(overdue),
    noVencidas: money(total - overdue),
    vencidasPorcentaje: total === 0 ? 0 : Number(((overdue / total) * 100).toFixed(1)),
  };
}

/** The statement of the session's own customer (the RUC of its contract). */
export async function tenantStatement(ctx: Ctx, s: Session): Promise<Statement> {
  const scope = await tenantScope(ctx.db, s);
  return await statementOf(ctx.db, scope.tenantId, limaDate(ctx.clock()), seesGuaranteesOf(s));
}

/** `opensFiles` says of a contract whether the reader may open its guarantees' files (the link is left out). */
export async function statementOf(
  q: Queryable,
  tenantId: number,
  today: string,
  opensFiles: (contractId: number) => boolean,
): Promise<Statement> {
  const [h] = await q.query<{
    ruc: string;
    razon_social: string;
    direccion: string | null;
    statement_date: string | null;
    commercial_executive: string | null;
    collections_executive: string | null;
    payment_terms: string | null;
  }>(
    `select t.ruc, t.razon_social, t.direccion, cs.statement_date, cs.commercial_executive,
            cs.collections_executive, cs.payment_terms
       from tenants t left join customer_statements cs on cs.tenant_id = t.id where t.id = $1`,
    [tenantId],
  );
  if (!h) throw new AppError(NOT_FOUND, "El cliente no existe.");
  const fecha = h.statement_date == null ? null : String(h.statement_date);
  const contratos = await q.query<StatementContract>(
    `select c.code as "codigoContrato", c.denominacion, m.name as mall, cc.dso,
            cc.receivable_pct as "porcentajeCxC", cc.collection_efficiency as "eficienciaCobranza",
            c.currency as moneda
       from contract_collections cc join contracts c on c.id = cc.contract_id join malls m on m.id = c.mall_id
      where c.tenant_id = $1 order by c.code`,
    [tenantId],
  );
  const docs = await q.query<DocRow>(
    `select ${DOC_COLUMNS} from ${DOC_FROM} where r.tenant_id = $1 order by r.due_on, r.id`,
    [tenantId],
  );
  const cuentas = await q.query<CollectingAccount>(
    `select bank as entidad, account_type as "tipoCuenta", account_pen as "cuentaSoles", cci_pen as "cciCuentaSoles",
            account_usd as "cuentaDolares", cci_usd as "cciCuentaDolares"
       from collecting_accounts order by sort, id`,
  );
  const date = fecha ?? "9999-12-31";
  const late = (d: DocRow) => (fecha ? daysBetween(String(d.due_on), fecha) : 0);
  const overdue = docs.filter((d) => late(d) > 0);
  const oldest = overdue.reduce<DocRow | null>((a, d) => (a && late(a) >= late(d) ? a : d), null);
  return {
    fecha,
    ruc: h.ruc,
    razonSocial: h.razon_social,
    direccion: h.direccion,
    ejecutivoComercial: h.commercial_executive,
    ejecutivoCobranza: h.collections_executive,
    condicionPago: h.payment_terms,
    contratos: contratos.map((c) => ({
      ...c,
      dso: Number(c.dso),
      porcentajeCxC: Number(c.porcentajeCxC),
      eficienciaCobranza: Number(c.eficienciaCobranza),
    })),
    cobranza: {
      soles: receivable(docs, "PEN", date),
      dolares: receivable(docs, "USD", date),
      tramoAntiguedad: BRACKETS.map((b): AgeBracket => {
        const inBracket = docs.filter((d) => late(d) >= b.from && late(d) <= b.to);
        const sum = (cur: string) =>
          money(inBracket.filter((d) => d.currency === cur).reduce((n, d) => n + cents(d.balance), 0));
        return { tramo: b.tramo, soles: sum("PEN"), dolares: sum("USD") };
      }),
    },
    diasFechaMasAntigua: oldest ? late(oldest) : 0,
    documentoMasAntiguo: oldest
      ? { referencia: oldest.reference, fechaPago: String(oldest.due_on), moneda: oldest.currency }
      : null,
    deudasVencidas: overdue
      .sort((a, b) => late(b) - late(a) || a.id - b.id)
      .map((d) => ({
        idDeuda: Number(d.id),
        mall: d.mall,
        numeroContrato: d.code,
        cliente: h.razon_social,
        tipoDoc: d.doc_type,
        referencia: d.reference,
        texto: d.concept,
        fechaEmision: String(d.issued_on),
        fechaPago: String(d.due_on),
        moneda: d.currency,
        importe: Number(d.balance),
        atrasoDias: late(d),
      })),
    cuentasRecaudadoras: cuentas,
    garantias: await guaranteesOf(q, tenantId, today, opensFiles),
  };
}

/** One document of the session's customer; any other id answers 404. */
export async function debtDetail(ctx: Ctx, s: Session, id: number): Promise<DebtDetail> {
  const scope = await tenantScope(ctx.db, s);
  return await debtOf(ctx.db, scope.tenantId, id);
}

/** One document of the customer; an id of another customer answers 404 like a missing one (staff use it too). */
export async function debtOf(q: Queryable, tenantId: number, id: number): Promise<DebtDetail> {
  const [d] = await q.query<DocRow & { statement_date: string | null }>(
    `select ${DOC_COLUMNS}, cs.statement_date from ${DOC_FROM}
       left join customer_statements cs on cs.tenant_id = r.tenant_id
      where r.id = $1 and r.tenant_id = $2`,
    [id, tenantId],
  );
  if (!d) throw new AppError(NOT_FOUND, "El documento no existe.");
  const days = d.statement_date ? daysBetween(String(d.due_on), String(d.statement_date)) : 0;
  return {
    idDeuda: Number(d.id),
    codigoContrato: d.code,
    nombreFantasia: d.denominacion,
    concepto: d.concept,
    referencia: d.reference,
    moneda: d.currency,
    importe: Number(d.amount),
    saldo: Number(d.balance),
    fechaEmision: String(d.issued_on),
    fechaPago: String(d.due_on),
    diasAtraso: Math.max(0, days),
    tipoDoc: d.doc_type,
    denominacionEconomica: d.mall,
  };
}

/** The customer's guarantees in force: the current detail of each guarantee (a renewed one is replaced). */
async function guaranteesOf(
  q: Queryable,
  tenantId: number,
  today: string,
  opensFiles: (contractId: number) => boolean,
): Promise<StatementGuarantee[]> {
  type Row = Omit<StatementGuarantee, "urlFileNameCartaFianza" | "importeFinal"> & {
    contract_id: number;
    file_id: string | null;
    en_ventana_renovacion: boolean;
  };
  const rows = await selectDetails<Row>(q, today, {
    columns: `c.code as "nroContrato", coalesce(d.nro_carta_fianza, d.nro_operacion) as "nroCartaFianza",
            m.name as "nombreMall", cur.symbol as "codigoMoneda", d.importe, d.intereses, b.code as "codigoBanco",
            d.fecha_emision::text as "fechaEmisionCartaFianza",
            d.fecha_vencimiento::text as "fechaVencimientoCartaFianza", st.label as estado, d.origin as origen,
            c.id as contract_id, coalesce(d.letter_file_id, d.operation_file_id) as file_id`,
    where: "c.tenant_id = $3 and not d.is_renovada",
    tail: " order by c.code, d.fecha_vencimiento nulls last, d.id",
  }, [tenantId]);
  // The statement does not show the renewal window the shared join adds.
  return rows.map(({ en_ventana_renovacion: _, contract_id, file_id, ...g }) => {
    const importe = g.importe == null ? null : Number(g.importe);
    const intereses = Number(g.intereses);
    return {
      ...g,
      importe,
      intereses,
      importeFinal: importe == null ? null : money(cents(importe) + cents(intereses)),
      urlFileNameCartaFianza: opensFiles(contract_id) ? fileUrl(file_id) : null,
    };
  });
}
