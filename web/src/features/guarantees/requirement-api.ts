// The calls of Requerimiento de CF (contract/guarantees/requirements.ts) and /configuracion-garantias
// (contract/guarantees/parameters.ts).
import { queryOptions } from "@tanstack/react-query";
import type { Table } from "#contract/envelope.ts";
import { type GeneralParameter, PARAMETERS_API } from "#contract/guarantees/parameters.ts";
import {
  type DeliveryState,
  type ExpiringLetter,
  type NotarialConfig,
  type NotarialLetter,
  REQUIREMENT_API,
} from "#contract/guarantees/requirements.ts";
import { get } from "../../lib/api.ts";
import { readQuery } from "../../lib/queries.ts";
import { GUARANTEES_KEY } from "./api.ts";

const table = async <Row>(path: string) => (await get<Table<Row>>(path)).table;

export const expiringLettersQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "requirement", "expiring"],
  queryFn: () => table<ExpiringLetter>(REQUIREMENT_API.expiring),
  staleTime: 0,
});

export const notarialLettersQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "requirement", "letters"],
  queryFn: () => table<NotarialLetter>(REQUIREMENT_API.letters),
  staleTime: 0,
});

export const deliveryStatesQuery = readQuery<DeliveryState[]>(
  [...GUARANTEES_KEY, "requirement", "delivery-states"],
  REQUIREMENT_API.deliveryStates,
  10 * 60_000,
);

export const notarialConfigQuery = readQuery<NotarialConfig>(
  [...GUARANTEES_KEY, "requirement", "config"],
  REQUIREMENT_API.config,
  0,
);

export const parametersQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "parameters"],
  queryFn: () => table<GeneralParameter>(PARAMETERS_API),
  staleTime: 0,
});
