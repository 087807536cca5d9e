// The guarantee letters as PDFs (pdf-lib, Helvetica, A4): the notarial requirement letter to a bank with
// the mall operator's letterhead, the letters it requires and its signers.

import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

export interface Letterhead {
  razonSocial: string;
  ruc: string;
  direccion: string;
  ciudad: string;
}

export interface Signer {
  name: string;
  position: string;
}

export interface RequiredLetter {
  nroCarta: string;
  razonSocial: string;
  ruc: string;
  mall: string;
  importe: string;
  vencimiento: string;
}

export interface RequirementLetterData {
  nro: string;
  /** dd/mm/yyyy */
  fecha: string;
  asunto: string;
  letterhead: Letterhead;
  banco: string;
  cartas: RequiredLetter[];
  firmaFisica: Signer[];
  firmaVirtual: Signer[];
  /** The provincial malls of the letters listed: who signs there and who receives a copy. */
  provincias: { mall: string; firmante: string; correos: string[] }[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const GREY = rgb(0.35, 0.35, 0.35);

/** Writes lines top-down, wrapping and opening pages as needed. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(readonly doc: PDFDocument, readonly font: PDFFont, readonly bold: PDFFont) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  need(h: number) {
    if (this.y - h < MARGIN) this.newPage();
  }
  /** Only what Helvetica (WinAnsi) can draw; anything else becomes '?'. */
  safe(text: string): string {
    const set = new Set(this.font.getCharacterSet());
    return [...text.normalize("NFC")].map((ch) => (set.has(ch.codePointAt(0)!) ? ch : "?")).join("");
  }
  /**
   * The lines of `text` at most `width` wide: by words, and a word longer than a line by characters, so no
   * value is ever cut at the margin (issue 38: the requirement letter printed '18/12/202').
   */
  wrap(text: string, size: number, width: number, font = this.font): string[] {
    const out: string[] = [];
    let line = "";
    const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
    for (let word of this.safe(text).split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (fits(next)) {
        line = next;
        continue;
      }
      if (line) out.push(line);
      line = "";
      while (!fits(word)) {
        let n = word.length - 1;
        while (n > 1 && !fits(word.slice(0, n))) n--;
        out.push(word.slice(0, n));
        word = word.slice(n);
      }
      line = word;
    }
    if (line) out.push(line);
    return out.length ? out : [""];
  }
  text(text: string, o: { size?: number; bold?: boolean; x?: number; width?: number; gap?: number } = {}) {
    const size = o.size ?? 10.5;
    const font = o.bold ? this.bold : this.font;
    const x = o.x ?? MARGIN;
    for (const line of this.wrap(text, size, o.width ?? A4[0] - x - MARGIN, font)) {
      this.need(size + 4);
      this.page.drawText(line, { x, y: this.y - size, size, font });
      this.y -= size + 4;
    }
    this.y -= o.gap ?? 0;
  }
  /** A table cell's lines from the current line down, wrapped inside its width; the lines it took. */
  cell(text: string, x: number, width: number, size: number, bold = false): number {
    const font = bold ? this.bold : this.font;
    const lines = this.wrap(text, size, width - 4, font);
    lines.forEach((line, i) =>
      this.page.drawText(line, { x, y: this.y - size - i * (size + 2), size, font })
    );
    return lines.length;
  }
  /** How many lines a cell's text takes in its width. */
  linesOf(text: string, width: number, size: number, bold = false): number {
    return this.wrap(text, size, width - 4, bold ? this.bold : this.font).length;
  }
}

// The A4 width between the margins (483 pt), shared so that a date, a RUC and an amount fit on one line at
// 8.5 pt and the texts (afianzado, mall) wrap inside their column.
const COLUMNS = [
  { title: "N.° Carta Fianza", width: 80 },
  { title: "Afianzado", width: 128 },
  { title: "RUC", width: 58 },
  { title: "Mall", width: 80 },
  { title: "Importe", width: 78 },
  { title: "Vencimiento", width: 59 },
];
const CELL = 8.5;

/** The notarial requirement letter to one bank. */
export async function requirementLetterPdf(d: RequirementLetterData): Promise<Uint8Array> {
  // No creation date of its own: the same letter gives the same bytes (the demo seed is repeatable).
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Carta notarial ${d.nro}`);
  doc.setAuthor(d.letterhead.razonSocial);
  doc.setSubject(d.asunto);
  doc.setKeywords(d.cartas.map((c) => c.nroCarta));
  doc.setCreator("Portal de Malls");
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const lh = d.letterhead;
  w.text(lh.razonSocial, { size: 14, bold: true });
  w.text(`RUC ${lh.ruc} · ${lh.direccion}`, { size: 9 });
  w.page.drawLine({
    start: { x: MARGIN, y: w.y - 2 },
    end: { x: A4[0] - MARGIN, y: w.y - 2 },
    thickness: 1,
    color: GREY,
  });
  w.y -= 18;
  w.text(`${lh.ciudad}, ${d.fecha}`, { gap: 8 });
  w.text(`CARTA NOTARIAL N.° ${d.nro}`, { size: 12, bold: true, gap: 8 });
  w.text("Señores");
  w.text(d.banco, { bold: true });
  w.text("Presente.-", { gap: 8 });
  w.text(`Asunto: ${d.asunto}`, { bold: true, gap: 8 });
  w.text("De nuestra consideración:", { gap: 4 });
  w.text(
    `Por medio de la presente, ${lh.razonSocial}, en su calidad de beneficiaria, les requiere la renovación de ` +
      `las cartas fianza emitidas por su institución que se detallan a continuación, próximas a vencer. De no ` +
      `recibir su renovación antes de la fecha de vencimiento, procederemos a solicitar su ejecución conforme a ` +
      `sus términos.`,
    { gap: 8 },
  );
  /** One row of the table: every cell wrapped in its column, the row as tall as its tallest cell. */
  const row = (values: string[], bold: boolean) => {
    const lines = Math.max(...values.map((v, i) => w.linesOf(v, COLUMNS[i].width, CELL, bold)));
    const height = lines * (CELL + 2) + 3;
    if (w.y - height < MARGIN) {
      w.newPage();
      if (!bold) row(COLUMNS.map((c) => c.title), true);
    }
    let x = MARGIN;
    values.forEach((v, i) => {
      w.cell(v, x, COLUMNS[i].width, CELL, bold);
      x += COLUMNS[i].width;
    });
    w.y -= height;
  };
  w.need(30);
  row(COLUMNS.map((c) => c.title), true);
  for (const c of d.cartas) row([c.nroCarta, c.razonSocial, c.ruc, c.mall, c.importe, c.vencimiento], false);
  w.y -= 10;
  w.text(`Total de cartas fianza requeridas: ${d.cartas.length}.`, { gap: 10 });
  w.text("Atentamente,", { gap: 34 });
  w.need(50);
  const colW = (A4[0] - 2 * MARGIN) / 2;
  const top = w.y;
  let bottom = top;
  d.firmaFisica.forEach((s, i) => {
    const x = MARGIN + i * colW;
    w.page.drawLine({ start: { x, y: top }, end: { x: x + colW - 30, y: top }, thickness: 0.8, color: GREY });
    w.y = top - 4;
    w.y -= w.cell(s.name, x, colW - 20, 9.5, true) * 11.5;
    w.y -= w.cell(s.position, x, colW - 20, 8.5) * 10.5;
    bottom = Math.min(bottom, w.y);
  });
  w.y = Math.min(top - 40, bottom - 8);
  w.text(`Firmado digitalmente por: ${d.firmaVirtual.map((s) => `${s.name} (${s.position})`).join(" y ")}.`, {
    size: 9,
    gap: 6,
  });
  for (const p of d.provincias) {
    w.text(
      `${p.mall}: firma por el mall ${p.firmante}; copia a ${p.correos.join(", ")}.`,
      { size: 9 },
    );
  }
  return await doc.save();
}

export interface GuaranteeLetterData {
  /** 'CARTA DE EJECUCIÓN' or 'CARTA DE DESISTIMIENTO'. */
  titulo: string;
  nro: string;
  fecha: string;
  asunto: string;
  letterhead: Letterhead;
  banco: string;
  carta: RequiredLetter;
  parrafos: string[];
  firmaFisica: Signer[];
}

/** A letter to the bank about one bank letter: the execution or the desistimiento letter. */
export async function guaranteeLetterPdf(d: GuaranteeLetterData): Promise<Uint8Array> {
  // No creation date of its own: the same letter gives the same bytes (the demo seed is repeatable).
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${d.titulo} ${d.nro}`);
  doc.setAuthor(d.letterhead.razonSocial);
  doc.setSubject(d.asunto);
  doc.setKeywords([d.carta.nroCarta]);
  doc.setCreator("Portal de Malls");
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const lh = d.letterhead;
  w.text(lh.razonSocial, { size: 14, bold: true });
  w.text(`RUC ${lh.ruc} · ${lh.direccion}`, { size: 9, gap: 14 });
  w.text(`${lh.ciudad}, ${d.fecha}`, { gap: 8 });
  w.text(`${d.titulo} N.° ${d.nro}`, { size: 12, bold: true, gap: 8 });
  w.text("Señores");
  w.text(d.banco, { bold: true });
  w.text("Presente.-", { gap: 8 });
  w.text(`Asunto: ${d.asunto}`, { bold: true, gap: 8 });
  w.text("De nuestra consideración:", { gap: 4 });
  for (const p of d.parrafos) w.text(p, { gap: 6 });
  const c = d.carta;
  for (
    const [k, v] of [
      ["Carta fianza", c.nroCarta],
      ["Afianzado", `${c.razonSocial} (RUC ${c.ruc})`],
      ["Mall", c.mall],
      ["Importe", c.importe],
      ["Vencimiento", c.vencimiento],
    ]
  ) {
    w.text(`${k}: ${v}`, { x: MARGIN + 16 });
  }
  w.y -= 10;
  w.text("Atentamente,", { gap: 34 });
  w.need(50);
  const colW = (A4[0] - 2 * MARGIN) / 2;
  const top = w.y;
  let bottom = top;
  d.firmaFisica.forEach((s, i) => {
    const x = MARGIN + i * colW;
    w.page.drawLine({ start: { x, y: top }, end: { x: x + colW - 30, y: top }, thickness: 0.8, color: GREY });
    w.y = top - 4;
    w.y -= w.cell(s.name, x, colW - 20, 9.5, true) * 11.5;
    w.y -= w.cell(s.position, x, colW - 20, 8.5) * 10.5;
    bottom = Math.min(bottom, w.y);
  });
  w.y = bottom;
  return await doc.save();
}
