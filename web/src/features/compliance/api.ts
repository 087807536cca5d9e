// Lista Roja's calls (contract/compliance.ts).
import { queryOptions } from "@tanstack/react-query";
import {
  COMPLIANCE_API,
  type ListaRojaAnswer,
  type RemindAnswer,
  type RemindInput,
} from "#contract/compliance.ts";
import { get, post } from "../../lib/api.ts";

export const LISTA_ROJA_KEY = ["lista-roja"] as const;

export interface ListaRojaFilters {
  unidadEconomicaId: number;
  cebeId?: string;
  codigoContratoId?: string;
}

/** Always read again (staleTime 0): a closing registered a minute ago must show. */
export const listaRojaQuery = (f: ListaRojaFilters) =>
  queryOptions({
    queryKey: [...LISTA_ROJA_KEY, f.unidadEconomicaId, f.cebeId ?? "", f.codigoContratoId ?? ""],
    queryFn: () => {
      const p = new URLSearchParams({ unidadEconomicaId: String(f.unidadEconomicaId) });
      if (f.cebeId) p.set("cebeId", f.cebeId);
      if (f.codigoContratoId) p.set("codigoContratoId", f.codigoContratoId);
      return get<ListaRojaAnswer>(`${COMPLIANCE_API.listaRoja}?${p}`);
    },
    staleTime: 0,
  });

export const remind = (body: RemindInput) =>
  post<RemindAnswer>(COMPLIANCE_API.remind, body, { confirm: false });
