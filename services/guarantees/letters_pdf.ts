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
  wrap(text: string, size: number, width: number, font = this.font): string[] {
    const out: string[] = [];
    let line = "";
    for (const word of this.safe(text).split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        out.push(line);
        line = word;
      } else line = next;
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
  cell(text: string, x: number, width: number, size: number, bold = false) {
    const font = bold ? this.bold : this.font;
    let s = this.safe(text);
    while (s.length > 1 && font.widthOfTextAtSize(s, size) > width - 4) s = s.slice(0, -1);
    this.page.drawText(s, { x, y: this.y - size, size, font });
  }
}

const COLUMNS = [
  { title: "N.° Carta Fianza", width: 92 },
  { title: "Afianzado", width: 150 },
  { title: "RUC", width: 70 },
  { title: "Mall", width: 70 },
  { title: "Importe", width: 56 },
  { title: "Vencimiento", width: 45 },
];

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
  const header = () => {
    let x = MARGIN;
    for (const c of COLUMNS) {
      w.cell(c.title, x, c.width, 8.5, true);
      x += c.width;
    }
    w.y -= 13;
  };
  w.need(30);
  header();
  for (const c of d.cartas) {
    if (w.y - 12 < MARGIN) {
      w.newPage();
      header();
    }
    const values = [c.nroCarta, c.razonSocial, c.ruc, c.mall, c.importe, c.vencimiento];
    let x = MARGIN;
    values.forEach((v, i) => {
      w.cell(v, x, COLUMNS[i].width, 8.5);
      x += COLUMNS[i].width;
    });
    w.y -= 12;
  }
  w.y -= 10;
  w.text(`Total de cartas fianza requeridas: ${d.cartas.length}.`, { gap: 10 });
  w.text("Atentamente,", { gap: 34 });
  w.need(50);
  const colW = (A4[0] - 2 * MARGIN) / 2;
  const top = w.y;
  d.firmaFisica.forEach((s, i) => {
    const x = MARGIN + i * colW;
    w.page.drawLine({ start: { x, y: top }, end: { x: x + colW - 30, y: top }, thickness: 0.8, color: GREY });
    w.y = top - 4;
    w.cell(s.name, x, colW - 20, 9.5, true);
    w.y -= 13;
    w.cell(s.position, x, colW - 20, 8.5);
  });
  w.y = top - 40;
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
  d.firmaFisica.forEach((s, i) => {
    const x = MARGIN + i * colW;
    w.page.drawLine({ start: { x, y: top }, end: { x: x + colW - 30, y: top }, thickness: 0.8, color: GREY });
    w.y = top - 4;
    w.cell(s.name, x, colW - 20, 9.5, true);
    w.y -= 13;
    w.cell(s.position, x, colW - 20, 8.5);
  });
  return await doc.save();
}
