// An uploaded ZIP (an .xlsx) checked before a parser sees it: its central directory (entries, declared sizes,
// no ZIP64), then every entry inflated with a running byte count that stops at the size its header declares,
// so a file whose headers lie about its size is refused after a few kilobytes, not after inflating 400 MB
// (issue 42). The inflated bytes are dropped; the parser inflates again, now within the checked sizes.

export interface ZipLimits {
  maxEntries: number;
  /** The sum of the entries' inflated sizes. */
  maxInflated: number;
}

/** Why a file is refused: not a ZIP the portal reads, or larger once inflated than the limit. */
export type ZipProblem = "broken" | "tooLarge";

interface Entry {
  method: number;
  compressed: number;
  size: number;
  localOffset: number;
}

/** The entries of the central directory, or the problem found reading it. */
function directory(b: Uint8Array, limits: ZipLimits): Entry[] | ZipProblem {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return "broken";
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff || cdOffset + cdSize > b.length) return "broken";
  if (count > limits.maxEntries) return "broken";
  const entries: Entry[] = [];
  let p = cdOffset;
  let inflated = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > b.length || view.getUint32(p, true) !== 0x02014b50) return "broken";
    const entry = {
      method: view.getUint16(p + 10, true),
      compressed: view.getUint32(p + 20, true),
      size: view.getUint32(p + 24, true),
      localOffset: view.getUint32(p + 42, true),
    };
    if (entry.size === 0xffffffff || entry.compressed === 0xffffffff) return "broken";
    inflated += entry.size;
    if (inflated > limits.maxInflated) return "tooLarge";
    entries.push(entry);
    p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return entries;
}

/** The entry's compressed bytes, found through its local header. */
function compressedData(b: Uint8Array, e: Entry): Uint8Array<ArrayBuffer> | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const at = e.localOffset;
  if (at + 30 > b.length || view.getUint32(at, true) !== 0x04034b50) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + e.compressed > b.length) return null;
  return b.slice(start, start + e.compressed);
}

/**
 * Fed to the inflater a slice at a time: a slice of deflate comes out as at most about 1,000 times its size
 * (4 MB), and the count is looked at between slices. Given whole, the data would inflate at once.
 */
const SLICE = 4096;

/** Inflates raw deflate data, stopping as soon as more than `limit` bytes came out: the count it reached. */
export async function inflatedSize(data: Uint8Array<ArrayBuffer>, limit: number): Promise<number> {
  let at = 0;
  const slices = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(c) {
      if (at >= data.length) c.close();
      else c.enqueue(data.subarray(at, at += SLICE));
    },
  }, { highWaterMark: 0 });
  const reader = slices.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return size;
      size += value.length;
      if (size > limit) return size;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** Null when every entry inflates to exactly the size its header declares, within the limits. */
export async function checkZip(b: Uint8Array, limits: ZipLimits): Promise<ZipProblem | null> {
  const entries = directory(b, limits);
  if (typeof entries === "string") return entries;
  for (const e of entries) {
    const data = compressedData(b, e);
    if (!data) return "broken";
    let size: number;
    if (e.method === 0) size = data.length;
    else if (e.method === 8) {
      try {
        size = await inflatedSize(data, e.size);
      } catch {
        return "broken";
      }
    } else return "broken";
    if (size !== e.size) return "broken";
  }
  return null;
}
