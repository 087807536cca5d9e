// Reads back the PDFs the server makes with pdf-lib: the text its pages draw (Helvetica, WinAnsi).
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";

/** The text a page draws with pdf-lib's Helvetica (hex strings shown with Tj), page by page. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let out = "";
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray
      ? contents.asArray().map((r) => doc.context.lookup(r))
      : [contents];
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      const raw = new TextDecoder("latin1").decode(decodePDFRawStream(s).decode());
      for (const m of raw.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
        out += m[1].replace(/../g, (h) => String.fromCharCode(parseInt(h, 16))) + "\n";
      }
    }
  }
  return out;
}
