// The calls of Requerimiento de CF (contract/guarantees/requirements.ts) and /configuracion-garantias
// (contract/guarantees/parameters.ts).
import { type GeneralParameter, PARAMETERS_API } from "#contract/guarantees/parameters.ts";
import {
  type DeliveryState,
  type ExpiringLetter,
  type NotarialConfig,
  type NotarialLetter,
  REQUIREMENT_API,
} from "#contract/guarantees/requirements.ts";
import { CATALOG, guaranteeRead, guaranteeRows } from "./api.ts";

export const expiringLettersQuery = guaranteeRows<ExpiringLetter>(REQUIREMENT_API.expiring);

export const notarialLettersQuery = guaranteeRows<NotarialLetter>(REQUIREMENT_API.letters);

export const deliveryStatesQuery = guaranteeRead<DeliveryState[]>(REQUIREMENT_API.deliveryStates, CATALOG);

export const notarialConfigQuery = guaranteeRead<NotarialConfig>(REQUIREMENT_API.config);

export const parametersQuery = guaranteeRows<GeneralParameter>(PARAMETERS_API);
