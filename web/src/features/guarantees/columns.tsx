// The columns of the guarantee grids, and the row links to the detail screens.
import type { CellContext } from "@tanstack/react-table";
import { Link } from "@tanstack/react-router";
import { Button } from "primereact/button";
import type { ReactNode } from "react";
import { EXCEPTION_STATE_LABELS, type GuaranteeRow } from "#contract/guarantees/guarantees.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { Dot, ExceptionBadge, money, StateBadge } from "./shared.tsx";

const excText = (v: unknown) => {
  const e = v as GuaranteeRow["excepcion"];
  return e ? `${e.tipo}: ${EXCEPTION_STATE_LABELS[e.codigo_estado]}` : "Sin Excepción";
};

/** The screens a grid row opens, by guarantee detail id. */
export type DetailRoute =
  | "/garantias_view/$id"
  | "/garantias_view_locatario/$id"
  | "/garantias_revision/$id"
  | "/actualizar_garantia/$id"
  | "/garantias_excepcion/$id"
  | "/garantias_revision_excepcion/$id"
  | "/garantias_view_excepcion/$id";

/** An icon link of a row action (a real link: it opens in a new tab too). */
export function RowLink(
  { to, row, icon, label }: {
    to: DetailRoute;
    row: { id_garantia_detalle: number; numero: string | null };
    icon: string;
    /** The action; the row's number (its id while it has none) follows it. */
    label: string;
  },
) {
  const id = row.id_garantia_detalle;
  label = `${label} ${row.numero ?? id}`;
  return (
    <Link
      to={to}
      params={{ id }}
      className="row-link"
      aria-label={label}
      title={label}
      onClick={(e) => e.stopPropagation()}
    >
      <i className={`pi ${icon}`} aria-hidden="true" />
    </Link>
  );
}

/** A row's action button ('Recepcionar', 'Guardar en bóveda'…): named for its row; a click does not select the row. */
export function RowAction(
  { icon, title, name, onClick }: { icon: string; title: string; name: string | number; onClick: () => void },
) {
  return (
    <Button
      type="button"
      icon={`pi ${icon}`}
      text
      rounded
      aria-label={`${title} ${name}`}
      title={title}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    />
  );
}

export const GROUP_BY = [
  { id: "estado", label: "Estado" },
  { id: "mall", label: "Mall" },
  { id: "tipo_garantia", label: "Tipo de Garantía" },
  { id: "banco", label: "Banco" },
];

export const TENANT_GROUP_BY = GROUP_BY.filter((g) => g.id !== "mall");

/** The grid columns; `staff` adds the contract, tenant and mall; `actions` renders the row's links. */
export function guaranteeColumns<R extends GuaranteeRow>(
  opts: { staff: boolean; actions: (row: R) => ReactNode },
): Column<R>[] {
  const c = columnsOf<R>();
  type Cell = CellContext<R, unknown>;
  // The actions first: the grid is wider than most screens.
  const cols: Column<R>[] = [{ ...c.action("acciones", "Acciones", opts.actions), size: 130 }];
  if (opts.staff) {
    cols.push(
      c.text("nro_contrato", "Contrato"),
      c.text("razon_social", "Razón Social"),
      c.text("mall", "Mall"),
    );
  }
  cols.push(
    c.text("tipo_garantia", "Tipo de Garantía"),
    ...(opts.staff ? [] : [c.text("descripcion_tipo_carta_fianza", "Tipo Carta")]),
    c.text("numero", "Nro. Carta / Operación"),
    c.text("banco", "Banco"),
    {
      ...c.number("importe", "Importe"),
      cell: ({ row }: Cell) => money(row.original.importe, row.original.moneda),
    },
    c.date("fecha_vencimiento_carta_fianza", "Vencimiento"),
    {
      ...c.text("estado", "Estado"),
      cell: ({ row }: Cell) => <StateBadge code={row.original.estado_codigo} label={row.original.estado} />,
    },
    {
      ...c.mapped("excepcion", "Excepción", excText),
      cell: ({ row }: Cell) => (
        <ExceptionBadge state={row.original.excepcion?.codigo_estado} type={row.original.excepcion?.tipo} />
      ),
      getGroupingValue: (row: R) => excText(row.excepcion),
    },
    c.action("semaforos", "Revisiones", (r) => (
      <span className="lights">
        <Dot kind="LO" color={r.semaforo_lo} />
        <Dot kind="CO" color={r.semaforo_co} />
        {r.aplica_tesoreria && <Dot kind="TE" color={r.semaforo_te} />}
      </span>
    )),
  );
  return cols;
}
