// An Excel download built in a Web Worker (excel-worker.ts): the page only gathers the rows, in chunks, and
// saves the file the worker returns. File name: the title (excel-export.ts excelFileName) plus .xlsx.

import { excelFileName } from "../../components/data-table/excel-export.ts";
import type { ExcelJob } from "./excel-worker.ts";

export type { ExcelJob };

function build(job: ExcelJob): Promise<ArrayBuffer> {
  const worker = new Worker(new URL("./excel-worker.ts", import.meta.url), { type: "module" });
  return new Promise<ArrayBuffer>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<{ bytes?: ArrayBuffer; error?: string }>) =>
      e.data.bytes
        ? resolve(e.data.bytes)
        : reject(new Error(`Cannot build the Excel file: ${e.data.error}`));
    worker.onerror = (e) => reject(new Error(`Cannot build the Excel file: ${e.message}`));
    worker.postMessage(job);
  }).finally(() => worker.terminate());
}

/** Builds '<title>.xlsx' (sheet 'data') off the main thread and hands it to the browser as a download. */
export async function downloadWorkbook(title: string, job: ExcelJob): Promise<void> {
  const bytes = await build(job);
  const url = URL.createObjectURL(
    new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
  );
  const a = document.createElement("a");
  a.href = url;
  a.download = excelFileName(title);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Lets the page paint between chunks of work. */
export const yieldToPage = () => new Promise<void>((r) => setTimeout(r, 0));
