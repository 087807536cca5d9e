// 'Contratos Símiles' (spec 2, admin utilities; issue 14): groups of similar contracts, the same brand in
// several malls, one contract per mall. The bodies with their Spanish messages, the answers and the paths.
// Comparativo de Ventas reads the groups through the extract family 'similar_contracts'. Pure: zod and types.
import { z } from "zod";
import { idParam, strict } from "./fields.ts";
import { version } from "./versions.ts";

export const SIMILAR_CONTRACTS_API = {
  /** GET the groups (data.table); PUT add; POST edit (with id). */
  list: "/api/similar-contracts",
  /** DELETE /api/similar-contracts/:id */
  one: (id: number) => `/api/similar-contracts/${id}`,
  /** GET ?unidadEconomicaId=3: the mall's contracts for the pickers (value, label). */
  shops: "/api/similar-contracts/shops",
} as const;

/** The five malls of a group, in the grid's order, with their ids (spec 2 section 1) and JSON keys. */
export const SIMILAR_MALLS = [
  { key: "contratoArequipa", mallId: 2, name: "Arequipa" },
  { key: "contratoSantaAnita", mallId: 3, name: "Santa Anita" },
  { key: "contratoChiclayo", mallId: 6, name: "Chiclayo" },
  { key: "contratoIquitos", mallId: 7, name: "Iquitos" },
  { key: "contratoSjl", mallId: 8, name: "SJL" },
] as const;
export type SimilarMallKey = typeof SIMILAR_MALLS[number]["key"];

// ---- Texts both sides show ---------------------------------------------------------------------------

export const SIMILAR_SAVED = "Registros actualizado satisfactoriamente!";
export const SIMILAR_DELETE_CONFIRM = "Seguro que desea eliminar el registro seleccionado?";
export const SIMILAR_TWO_AT_LEAST = "Seleccione contratos de al menos dos malls.";
export const SIMILAR_CODE_INVALID = "Código de contrato inválido.";
export const similarNotInMall = (code: string, mall: string) =>
  `El contrato ${code} no pertenece al mall ${mall}.`;
export const similarInOtherGroup = (code: string, group: number) =>
  `El contrato ${code} ya pertenece al grupo ${group}.`;
export const SIMILAR_NOT_FOUND = "El registro seleccionado no existe.";

// ---- Bodies ------------------------------------------------------------------------------------------

/** A contract code picked for a mall, or none (blank or null). */
const code = z.string({ error: SIMILAR_CODE_INVALID }).trim().max(20, SIMILAR_CODE_INVALID)
  .regex(/^[A-Za-z0-9-]*$/, SIMILAR_CODE_INVALID)
  .nullish().transform((x) => (x ? x.toUpperCase() : null));

const fiveContracts = Object.fromEntries(SIMILAR_MALLS.map((m) => [m.key, code])) as Record<
  SimilarMallKey,
  typeof code
>;
const atLeastTwo = (b: Record<SimilarMallKey, string | null>) =>
  SIMILAR_MALLS.filter((m) => b[m.key]).length >= 2;

/** PUT add: the five contract fields (codes), at least two of them set. */
export const similarAddBody = strict(fiveContracts).refine(atLeastTwo, {
  message: SIMILAR_TWO_AT_LEAST,
  path: ["contratos"],
});
/** POST edit: the group's id and its five contract fields. */
export const similarEditBody = strict({
  id: idParam.shape.id,
  ...fiveContracts,
  /** The group's version as the dialog read it (contract/versions.ts). */
  version,
}).refine(atLeastTwo, { message: SIMILAR_TWO_AT_LEAST, path: ["contratos"] });
export type SimilarAddBody = z.infer<typeof similarAddBody>;
export type SimilarEditBody = z.infer<typeof similarEditBody>;
export type SimilarInput = z.input<typeof similarAddBody>;

export const similarShopsQuery = strict({
  unidadEconomicaId: z.coerce.number({ error: "Seleccione un mall." }).int("Seleccione un mall.")
    .refine((n) => SIMILAR_MALLS.some((m) => m.mallId === n), "Seleccione un mall."),
});

// ---- Answers -----------------------------------------------------------------------------------------

/** A group: its id and, per mall, the contract code (null if none) and its denomination. */
export type SimilarContractRow =
  & { id: number }
  & Record<SimilarMallKey, string | null>
  & Record<`${SimilarMallKey}Denominacion`, string | null>;

/** A group as the list shows it: with its version, sent back with its edit (contract/versions.ts). */
export type SimilarContractListed = SimilarContractRow & { version: number };

export interface SimilarContractsList {
  table: SimilarContractListed[];
}

/** A contract of a mall for the pickers: value the code, label 'code - denominación'. */
export interface ShopOption {
  value: string;
  label: string;
}
