// What the browser keeps between visits (IndexedDB): the extract bytes, one record per partition with the
// version and ETag it was fetched at, and the rows of report queries keyed by their SQL and the versions of
// the partitions they read. Without IndexedDB (private modes) every visit downloads and computes again.

export interface StoredPartition {
  partition: string;
  version: string;
  etag: string;
  rows: number;
  bytes: Uint8Array;
}

export interface StoredResult {
  key: string;
  rows: Record<string, Record<string, unknown>[]>;
  at: number;
}

const DB_NAME = "portal-extracts";
const STORE = "partitions";
const RESULTS = "results";
/** Results kept at most; past it the oldest half goes. */
const MAX_RESULTS = 400;
let opened: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opened ??= new Promise((resolve) => {
    try {
      const req = indexedDB.open(DB_NAME, 2);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "partition" });
        if (!db.objectStoreNames.contains(RESULTS)) db.createObjectStore(RESULTS, { keyPath: "key" });
      };
      req.onsuccess = () => {
        // A newer page asking for a newer layout closes this one rather than waiting for it.
        req.result.onversionchange = () => req.result.close();
        resolve(req.result);
      };
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opened;
}

function request<T>(
  store: string,
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => IDBRequest,
): Promise<T | null> {
  return open().then((db) =>
    db
      ? new Promise<T | null>((resolve) => {
        try {
          const req = fn(db.transaction(store, mode).objectStore(store));
          req.onsuccess = () => resolve((req.result as T) ?? null);
          req.onerror = () => resolve(null);
        } catch {
          resolve(null);
        }
      })
      : null
  );
}

export const readStored = (partition: string) =>
  request<StoredPartition>(STORE, "readonly", (s) => s.get(partition));

/** Stores a copy of the bytes, taken now: the caller may hand its buffer to the worker right after. */
export function writeStored(p: StoredPartition) {
  const copy = { ...p, bytes: p.bytes.slice() };
  return request<unknown>(STORE, "readwrite", (s) => s.put(copy));
}

export const readResult = (key: string) => request<StoredResult>(RESULTS, "readonly", (s) => s.get(key));

/** Whether any report rows are kept (a browser that computed reports before). */
export const anyResult = async () =>
  ((await request<number>(RESULTS, "readonly", (s) => s.count())) ?? 0) > 0;

export async function writeResult(r: StoredResult): Promise<void> {
  const n = await request<number>(RESULTS, "readonly", (s) => s.count());
  if ((n ?? 0) >= MAX_RESULTS) {
    const all = (await request<StoredResult[]>(RESULTS, "readonly", (s) => s.getAll())) ?? [];
    const old = all.sort((a, b) => a.at - b.at).slice(0, MAX_RESULTS / 2).map((x) => x.key);
    for (const k of old) await request<unknown>(RESULTS, "readwrite", (s) => s.delete(k));
  }
  await request<unknown>(RESULTS, "readwrite", (s) => s.put(r));
}

/** Forgets every stored partition and result (sign-out, or a test's cold start). */
export async function clearStored(): Promise<void> {
  await request<unknown>(STORE, "readwrite", (s) => s.clear());
  await request<unknown>(RESULTS, "readwrite", (s) => s.clear());
}
