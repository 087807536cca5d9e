// Builds an Excel file in a Web Worker, so a big export (a month of every closing) never holds up the page:
// the page sends the header, the rows (numbers as numbers) and each column's number format, and gets the
// file's bytes back (excel-off-thread.ts). The book is written by xlsx-writer.ts, sheet 'data' as every
// export of the portal.

import { type ExcelJob, xlsxBytes } from "./xlsx-writer.ts";

export type { ExcelJob };

interface WorkerScope {
  addEventListener(type: "message", fn: (e: MessageEvent<ExcelJob>) => void): void;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

// In a worker (no document): answer each job with the file's bytes.
if (typeof document === "undefined" && typeof globalThis.addEventListener === "function") {
  const scope = globalThis as unknown as WorkerScope;
  scope.addEventListener("message", async (e) => {
    try {
      const bytes = (await xlsxBytes(e.data)).buffer as ArrayBuffer;
      scope.postMessage({ bytes }, [bytes]);
    } catch (err) {
      scope.postMessage({ error: String(err) }, []);
    }
  });
}
