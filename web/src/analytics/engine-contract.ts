// What the report engine (engine.ts) is given and what it answers: where partitions and stored rows come from,
// its options, a report to run, its load progress and its errors.

import type { Catalog, CatalogEntry } from "#contract/extracts.ts";
import type { Connector, Row, Statements } from "./connector.ts";

/** Where partitions come from: the server (bytes.ts, IndexedDB first) or a test's fixture. */
export interface PartitionSource {
  catalog(): Promise<Catalog>;
  bytes(entry: CatalogEntry, onBytes: (n: number) => void): Promise<PartitionBytes>;
}

export interface PartitionBytes {
  bytes: Uint8Array;
  rows: number;
  /** Settles when the bytes are kept for a later visit (at once when nothing is kept). */
  saved: Promise<unknown>;
}

/** Rows of reports computed before, by a key of their SQL and partition versions (results.ts). */
export interface ResultCache {
  read(key: string): Promise<Record<string, Row[]> | null>;
  write(key: string, rows: Record<string, Row[]>): void;
  /** Whether any rows are kept (a browser that computed reports before). */
  any?(): Promise<boolean>;
}

export interface LoadProgress {
  active: boolean;
  partitions: number;
  done: number;
  bytes: number;
  totalBytes: number;
  rows: number;
}

export interface EngineOptions {
  connector: Connector;
  source: PartitionSource;
  results?: ResultCache;
  /** Runs fn when the page is idle (loads that a stored result let the screen skip). */
  whenIdle?: (fn: () => void) => void;
  /** A failure nobody needs in the console (a session that ended: the sign-in screen shows). */
  quiet?: (e: unknown) => boolean;
  /** The catalogue is asked again after this long, so edited closings reach open screens. */
  catalogTtlMs?: number;
  /** A number that grows when this page saved what moves extract versions: the catalogue is asked again. */
  changes?: () => number;
  /** False: never read the server's monthly partitions in place of daily ones (the tests compare both). */
  monthlyFamily?: boolean;
}

/** What a report runs: the partitions it reads (every one, dimensions included) and its statements. */
export interface ReportRun<S extends Statements> {
  partitions: readonly string[];
  statements: S;
  /** False: the rows are neither looked up nor kept between visits (an export's bulk rows). */
  keep?: boolean;
}

/** A report computed ahead found a partition it reads not loaded: nothing was computed (see `ahead`). */
export class NotLoaded extends Error {
  constructor() {
    super("Cannot compute ahead: a partition the report reads is not loaded");
    this.name = "NotLoaded";
  }
}

/** A failed report: the SQL goes to the console, the screen shows the generic error. */
export class ReportError extends Error {
  constructor(readonly sql: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "ReportError";
  }
}
