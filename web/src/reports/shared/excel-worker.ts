// Builds an Excel file in a Web Worker, so a big export (a month of every closing) never holds up the page:
// the page sends the header, the rows (numbers as numbers) and each column's number format, and gets the
// file's bytes back (excel-off-thread.ts). Sheet 'data', as every export of the portal.

import * as XLSX from "xlsx";

export interface ExcelJob {
  header: string[];
  rows: (string | number | null)[][];
  /** Excel number format per column (numbers only), e.g. '#,##0.00'. */
  formats: (string | null)[];
}

/** The workbook's bytes (xlsx) of a job; also used on the page for small exports. */
export function workbookBytes(job: ExcelJob): ArrayBuffer {
  const ws = XLSX.utils.aoa_to_sheet([job.header, ...job.rows]);
  job.formats.forEach((z, ci) => {
    if (!z) return;
    for (let ri = 1; ri <= job.rows.length; ri++) {
      const cell = ws[XLSX.utils.encode_cell({ r: ri, c: ci })];
      if (cell && cell.t === "n") cell.z = z;
    }
  });
  // Column widths from the header and the first rows (measuring 60,000 rows buys nothing).
  const sample = [job.header, ...job.rows.slice(0, 500)];
  ws["!cols"] = job.header.map((_, ci) => ({
    wch: Math.min(60, Math.max(10, ...sample.map((r) => String(r[ci] ?? "").length + 2))),
  }));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, "data");
  return XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
}

interface WorkerScope {
  addEventListener(type: "message", fn: (e: MessageEvent<ExcelJob>) => void): void;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

// In a worker (no document): answer each job with the file's bytes.
if (typeof document === "undefined" && typeof globalThis.addEventListener === "function") {
  const scope = globalThis as unknown as WorkerScope;
  scope.addEventListener("message", (e) => {
    try {
      const bytes = workbookBytes(e.data);
      scope.postMessage({ bytes }, [bytes]);
    } catch (err) {
      scope.postMessage({ error: String(err) }, []);
    }
  });
}
