/** The envelope every /api answer comes in (docs/api.md): the server writes it, the SPA unwraps it. */
export interface Envelope<T> {
  success: boolean;
  /** Spanish text a person may read: the success text, or the failure's message from the catalogue. */
  message: string;
  /** null on success; an id of the catalogue (./errors.ts) on failure. */
  errorId: number | null;
  data: T;
}

/** The data of a write the screen confirms with the 'Información' dialog (ids 100, 101, 102, 104, 301). */
export type Done<T extends object = Record<never, never>> = { messageId: number } & T;

/** A list answer: the rows in data.table (spec 1 section 8). */
export interface Table<Row> {
  table: Row[];
}
