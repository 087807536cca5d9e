// Master data of the guarantee screens: banks, currencies, types, states, exception types, letter kinds.

import type { GuaranteeCatalog } from "#contract/guarantees/guarantees.ts";
import type { Queryable } from "../db.ts";
import { ALL_CORRECT, COLLECTIONS_CASH_OPTIONS, TREASURY_OPTIONS } from "./rules.ts";

type Rows<K extends keyof GuaranteeCatalog> = GuaranteeCatalog[K] extends (infer R)[] ? R : never;

export async function guaranteeCatalog(q: Queryable): Promise<GuaranteeCatalog> {
  const [banks, currencies, types, states, exceptionTypes, exceptionStates, letterKinds] = await Promise.all([
    q.query<Rows<"bancos">>(
      `select id as id_banco, code as codigo, name as nombre, for_letters as carta_fianza, for_cash as efectivo
         from banks order by name`,
    ),
    q.query<Rows<"monedas">>(
      "select id as id_moneda, code as codigo, symbol as simbolo, name as nombre from currencies order by id",
    ),
    q.query<Rows<"tipos_garantia">>(
      "select code as codigo, name as nombre from guarantee_types order by sort",
    ),
    q.query<Rows<"estados">>(
      "select code as codigo, name as nombre, label from guarantee_states order by sort",
    ),
    q.query<Rows<"tipos_excepcion">>(
      `select code as codigo, name as nombre, guarantee_type as codigo_tipo_garantia, for_type as para_tipo,
              shows_invoice as muestra_factura, needs_invoice as requiere_factura, needs_treasury as requiere_tesoreria
         from exception_types order by sort`,
    ),
    q.query<Rows<"estados_excepcion">>(
      "select code as codigo, name as nombre, label from exception_states order by sort",
    ),
    q.query<Rows<"tipos_carta_fianza">>("select id, name as nombre from letter_kinds order by id"),
  ]);
  return {
    bancos: banks,
    monedas: currencies,
    tipos_garantia: types,
    estados: states,
    tipos_excepcion: exceptionTypes,
    estados_excepcion: exceptionStates,
    tipos_carta_fianza: letterKinds,
    opciones_revision: {
      todoCorrecto: ALL_CORRECT,
      tesoreria: TREASURY_OPTIONS,
      cobranza: COLLECTIONS_CASH_OPTIONS,
    },
  };
}
