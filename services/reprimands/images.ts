// Reprimand pictures: .jpg, .gif or .png up to 5 MB each, checked by their bytes (a renamed executable is
// refused whatever its name), stored like the guarantee attachments under ${DATA_DIR}/uploads with random
// names; demo pictures are drawn on request.

import { createHash } from "node:crypto";
import { imageProblem, UNSUPPORTED_FILE } from "#contract/reprimands.ts";
import type { Config } from "../config.ts";
import type { Queryable } from "../db.ts";
import { type CheckedFile, type StoredFile, writeFile } from "../guarantees/files.ts";

const SIGNATURES: { type: string; ext: string[]; magic: number[][] }[] = [
  { type: "image/jpeg", ext: ["jpg", "jpeg"], magic: [[0xff, 0xd8, 0xff]] },
  { type: "image/png", ext: ["png"], magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  {
    type: "image/gif",
    ext: ["gif"],
    magic: [[0x47, 0x49, 0x46, 0x38, 0x37, 0x61], [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]],
  },
];

/** The content type the bytes are, when it is one of the three the name may claim; null otherwise. */
export function imageType(ext: string, bytes: Uint8Array): string | null {
  const sig = SIGNATURES.find((s) => s.ext.includes(ext));
  if (!sig) return null;
  return sig.magic.some((m) => m.every((x, i) => bytes[i] === x)) ? sig.type : null;
}

/** The picture ready to store, or the spec's message. */
export async function checkImage(file: File): Promise<CheckedFile | { message: string }> {
  const name =
    [...file.name].map((ch) => (ch < " " || ch === "/" || ch === "\\" ? "_" : ch)).join("").slice(-150) ||
    "imagen";
  const problem = imageProblem({ name, size: file.size });
  if (problem) return { message: problem };
  const ext = /\.([a-z0-9]+)$/i.exec(name)![1].toLowerCase();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = imageType(ext, bytes);
  if (!contentType) return { message: UNSUPPORTED_FILE };
  return { name, ext, contentType, bytes };
}

export const storeImage = (config: Config, f: CheckedFile): Promise<StoredFile> => writeFile(config, f);

export async function recordImage(
  q: Queryable,
  stored: StoredFile,
  f: CheckedFile,
  meta: { reprimandId: number; userId: number; now: Date },
): Promise<void> {
  await q.query(
    `insert into reprimand_images (id, reprimand_id, file_name, content_type, size, sha256, storage, stored_name,
                                   uploaded_at, uploaded_by)
     values ($1, $2, $3, $4, $5, $6, 'disk', $7, $8, $9)`,
    [
      stored.id,
      meta.reprimandId,
      f.name,
      f.contentType,
      f.bytes.length,
      createHash("sha256").update(f.bytes).digest("hex"),
      stored.storedName,
      meta.now,
      meta.userId,
    ],
  );
}

export interface ImageRow {
  id: string;
  reprimand_id: number;
  file_name: string;
  content_type: string;
  storage: "disk" | "demo";
  stored_name: string | null;
}

export async function imageRow(q: Queryable, id: string): Promise<ImageRow | null> {
  const [row] = await q.query<ImageRow>(
    "select id, reprimand_id, file_name, content_type, storage, stored_name from reprimand_images where id = $1",
    [id],
  );
  return row ?? null;
}

export async function imageBytes(config: Config, row: ImageRow): Promise<Uint8Array | null> {
  if (row.storage === "demo") return demoGif(row.id);
  if (!row.stored_name || !/^[A-Za-z0-9_-]+$/.test(row.stored_name)) return null;
  const dir = `${config.dataDir.replace(/\/$/, "")}/uploads`;
  return await Deno.readFile(`${dir}/${row.stored_name}`).catch(() => null);
}

/**
 * A 64×48 demo picture, one flat colour chosen by the id: a GIF with a 2-colour palette whose image data is
 * a run of one LZW code, so it needs no encoder.
 */
export function demoGif(id: string): Uint8Array {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const r = 90 + (h % 120), g = 90 + ((h >> 8) % 120), b = 90 + ((h >> 16) % 120);
  const w = 64, ht = 48;
  // Uncompressed-style LZW at code size 2 → 3-bit codes: clear(4) then (0) pixels, resetting often so the
  // code width stays 3 bits; end(5).
  const codes: number[] = [];
  for (let i = 0; i < w * ht; i++) {
    if (i % 2 === 0) codes.push(4);
    codes.push(0);
  }
  codes.push(5);
  const data: number[] = [];
  let acc = 0, bits = 0;
  for (const c of codes) {
    acc |= c << bits;
    bits += 3;
    while (bits >= 8) {
      data.push(acc & 0xff);
      acc >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) data.push(acc & 0xff);
  const blocks: number[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const part = data.slice(i, i + 255);
    blocks.push(part.length, ...part);
  }
  const bytes = [
    ...[0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    w & 0xff,
    w >> 8,
    ht & 0xff,
    ht >> 8,
    0x80,
    0,
    0,
    r,
    g,
    b,
    255,
    255,
    255,
    0x2c,
    0,
    0,
    0,
    0,
    w & 0xff,
    w >> 8,
    ht & 0xff,
    ht >> 8,
    0,
    2,
    ...blocks,
    0,
    0x3b,
  ];
  return new Uint8Array(bytes);
}
