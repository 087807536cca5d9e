// Every generated letter keeps each value whole inside the page (issue 38, item 11): the requirement
// letter's table wraps its texts inside their columns and never cuts a date, an amount or a RUC ('18/12/202'
// was printed for 18/12/2026), and the execution and desistimiento letters keep long values whole too.
import assert from "node:assert/strict";
import { PDFDocument, StandardFonts } from "pdf-lib";
import {
  guaranteeLetterPdf,
  type RequiredLetter,
  requirementLetterPdf,
} from "../../services/guarantees/letters_pdf.ts";
import { pdfText } from "../helpers/pdf.ts";

const letterhead = {
  razonSocial: "Centros Comerciales del Perú S.A.A.",
  ruc: "20100000001",
  direccion: "Av. Javier Prado Este 4200, Santiago de Surco",
  ciudad: "Lima",
};
const signers = [
  {
    name: "María del Carmen Villanueva Santisteban",
    position: "Gerente de Administración y Finanzas Corporativas",
  },
  { name: "José Antonio Paredes", position: "Apoderado" },
];
// The widest values of the demo: the longest mall, a long tenant, amounts in the millions, the dates.
const cartas: RequiredLetter[] = [
  {
    nroCarta: "D193-9983640",
    razonSocial: "Importaciones y Distribuciones Wayra del Norte S.A.C.",
    ruc: "20512345678",
    mall: "San Juan de Lurigancho",
    importe: "S/ 1,265,500.00",
    vencimiento: "18/12/2026",
  },
  {
    nroCarta: "CF-5988329",
    razonSocial: "Consorcio del Sur S.R.L.",
    ruc: "20487654321",
    mall: "Santa Anita",
    importe: "$ 265,500.00",
    vencimiento: "01/01/2027",
  },
];

/** The text's lines, and the same joined with spaces (a wrapped text reads whole across its lines). */
async function read(bytes: Uint8Array) {
  const lines = (await pdfText(bytes)).split("\n").map((l) => l.trim()).filter(Boolean);
  return { lines, joined: lines.join(" ") };
}

/** Every value is found whole: one without spaces on one line, one with spaces across its lines. */
function assertWhole(text: { lines: string[]; joined: string }, values: string[]) {
  for (const v of values) {
    if (/\s/.test(v)) assert.ok(text.joined.includes(v), `'${v}' whole in: ${text.joined}`);
    else assert.ok(text.lines.some((l) => l.includes(v)), `'${v}' on one line of: ${text.lines.join(" | ")}`);
  }
}

/** The widest line a page draws at the table's size must fit between the margins. */
async function assertInsidePage(text: { lines: string[] }, size: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const l of text.lines) {
    assert.ok(font.widthOfTextAtSize(l, size) <= 595.28 - 2 * 56 + 0.5, `'${l}' wider than the page`);
  }
}

Deno.test("requirement letter: every value of every row whole, headers included", async () => {
  const pdf = await requirementLetterPdf({
    nro: "CR-2026-00001",
    fecha: "28/11/2026",
    asunto: "Requerimiento de renovación de cartas fianza",
    letterhead,
    banco: "Banco Interamericano de Finanzas",
    cartas,
    firmaFisica: signers,
    firmaVirtual: signers,
    provincias: [],
  });
  const text = await read(pdf);
  assertWhole(text, ["N.° Carta Fianza", "Afianzado", "RUC", "Mall", "Importe", "Vencimiento"]);
  for (const c of cartas) {
    assertWhole(text, [c.nroCarta, c.razonSocial, c.ruc, c.mall, c.importe, c.vencimiento]);
  }
  assertWhole(text, signers.flatMap((s) => [s.name, s.position]));
  await assertInsidePage(text, 8.5);
});

Deno.test("execution and desistimiento letters: every value whole", async () => {
  for (const titulo of ["CARTA DE EJECUCIÓN", "CARTA DE DESISTIMIENTO"]) {
    const pdf = await guaranteeLetterPdf({
      titulo,
      nro: "CE-2026-00007",
      fecha: "28/11/2026",
      asunto: "Ejecución de carta fianza",
      letterhead,
      banco: "Banco de Crédito del Perú",
      carta: cartas[0],
      parrafos: ["Por medio de la presente solicitamos la ejecución de la carta fianza que se detalla."],
      firmaFisica: signers,
    });
    const text = await read(pdf);
    const c = cartas[0];
    assertWhole(text, [c.nroCarta, c.razonSocial, c.ruc, c.mall, c.importe, c.vencimiento]);
    assertWhole(text, signers.flatMap((s) => [s.name, s.position]));
  }
});
