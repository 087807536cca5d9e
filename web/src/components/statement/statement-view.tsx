// A customer's account statement (contracts, overdue debts, collecting accounts, guarantees): the tenant's
// own screen and staff's 'Estado de Cuenta' show the same view, each reading through its own calls.
import type { UseQueryOptions } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { useState } from "react";
import type {
  CollectingAccount,
  DebtDetail,
  OverdueDebt,
  Statement,
  StatementContract,
  StatementGuarantee,
} from "#contract/tenant.ts";
import { columnsOf } from "../data-table/columns.ts";
import { DataTable } from "../data-table/data-table.tsx";
import { FileLink } from "../file-link.tsx";
import { DebtDialog } from "./debt-dialog.tsx";
import { StatementSummary } from "./statement-summary.tsx";
import { TitledCard } from "./titled-card.tsx";
import "./statement.css";

const cc = columnsOf<StatementContract>();
const dc = columnsOf<OverdueDebt>();
const ac = columnsOf<CollectingAccount>();
const gc = columnsOf<StatementGuarantee>();

const CONTRACT_COLUMNS = [
  cc.text("codigoContrato", "Contrato"),
  cc.text("denominacion", "Denominación"),
  cc.text("mall", "Mall"),
  cc.integer("dso", "DSO"),
  cc.percent("porcentajeCxC", "% CxC"),
  cc.percent("eficienciaCobranza", "Eficiencia de cobranza"),
  cc.text("moneda", "Moneda"),
];

const ACCOUNT_COLUMNS = [
  ac.text("entidad", "Entidad"),
  ac.text("tipoCuenta", "Tipo de cuenta"),
  ac.text("cuentaSoles", "Cuenta Soles"),
  ac.text("cciCuentaSoles", "CCI Soles"),
  ac.text("cuentaDolares", "Cuenta Dólares"),
  ac.text("cciCuentaDolares", "CCI Dólares"),
];

const GUARANTEE_COLUMNS = [
  gc.text("nroContrato", "Contrato"),
  gc.text("nroCartaFianza", "Nro. Carta Fianza"),
  gc.text("nombreMall", "Mall"),
  gc.text("codigoBanco", "Banco"),
  gc.text("codigoMoneda", "Moneda"),
  gc.number("importe", "Importe"),
  gc.number("intereses", "Intereses"),
  gc.number("importeFinal", "Importe Final"),
  gc.date("fechaEmisionCartaFianza", "Fecha Emisión"),
  gc.date("fechaVencimientoCartaFianza", "Fecha Vencimiento"),
  gc.text("estado", "Estado"),
  gc.text("origen", "Origen"),
  // Only for a file the guarantee screens' call lets this person open (the server leaves the others out).
  gc.action(
    "carta",
    "Carta",
    (g) =>
      g.urlFileNameCartaFianza
        ? <FileLink url={g.urlFileNameCartaFianza} label={g.nroCartaFianza ?? "Descargar"} />
        : null,
  ),
];

/** A customer's statement: the tenant's screen and staff's 'Estado de Cuenta' show the same view. */
export function StatementView(
  { s, debtQuery }: {
    s: Statement;
    // deno-lint-ignore no-explicit-any
    debtQuery: (id: number) => UseQueryOptions<DebtDetail, Error, DebtDetail, any>;
  },
) {
  const [debt, setDebt] = useState<number | null>(null);

  const debtColumns = [
    dc.text("mall", "Mall"),
    dc.text("numeroContrato", "Contrato"),
    dc.text("tipoDoc", "Tipo Doc"),
    dc.text("referencia", "Referencia"),
    dc.text("texto", "Concepto"),
    dc.date("fechaEmision", "Fecha Emisión"),
    dc.date("fechaPago", "Fecha Vencimiento"),
    dc.text("moneda", "Moneda"),
    dc.number("importe", "Importe"),
    dc.integer("atrasoDias", "Días de atraso"),
    dc.action("detail", "Detalle", (d) => (
      <Button
        type="button"
        icon="pi pi-search"
        rounded
        text
        aria-label={`Ver el detalle de ${d.referencia}`}
        tooltip="Detalle"
        tooltipOptions={{ position: "left" }}
        onClick={() => setDebt(d.idDeuda)}
      />
    )),
  ];

  return (
    <div className="tenant-stack">
      <StatementSummary s={s} />
      <TitledCard id="contracts" icon="pi-file" title="Contratos">
        <DataTable title="Contratos" columns={CONTRACT_COLUMNS} data={s.contratos} pageSize={5} />
      </TitledCard>
      <TitledCard id="debts" icon="pi-exclamation-circle" title="Deudas vencidas">
        <DataTable
          title="Deudas vencidas"
          columns={debtColumns}
          data={s.deudasVencidas}
          pageSize={8}
          getRowId={(d) => String(d.idDeuda)}
        />
      </TitledCard>
      <TitledCard id="accounts" icon="pi-building-columns" title="Cuentas recaudadoras">
        <DataTable title="Cuentas recaudadoras" columns={ACCOUNT_COLUMNS} data={s.cuentasRecaudadoras} />
      </TitledCard>
      <TitledCard id="guarantees" icon="pi-shield" title="Garantías">
        <DataTable title="Garantías" columns={GUARANTEE_COLUMNS} data={s.garantias} />
      </TitledCard>
      {debt != null && <DebtDialog id={debt} query={debtQuery} onClose={() => setDebt(null)} />}
    </div>
  );
}
