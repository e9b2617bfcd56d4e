/**
 * One block of a word's postings as bytes: the passages holding the word, in ascending passage id,
 * each with what BM25 needs (server/search/bm25.ts) so that no passage's text is read to score it:
 *
 *   first id, then per posting: id − previous id, tf, the passage's length in words,
 *   its tf positions (the first, then the gaps)
 *
 * all as unsigned variable-length integers (7 bits a byte, the high bit set on every byte but the
 * last). Ids reach 7 × 2^44 (passage-id.ts): the arithmetic stays in doubles, never in 32-bit
 * operators. Decoding walks the positions' bytes without making numbers of them: most postings of
 * a block are never scored. (A byte length before them would cost a byte a posting: 15 % of the index.)
 */

/** One posting: a passage holding the word, how often (tf) and where (word indexes, ascending). */
export interface Posting {
  id: number;
  /** The passage's length in words (BM25's D is twice this: both columns). */
  words: number;
  positions: readonly number[];
}

/** Postings per block a full block holds; blocks made by edits may hold fewer. */
export const BLOCK_POSTINGS = 128;

/** A block's bytes, written a posting at a time (a rebuild keeps one unfinished block per word). */
export class BlockWriter {
  private bytes = new Uint8Array(32);
  private length = 0;
  size = 0;
  firstId = 0;
  lastId = 0;

  private varint(value: number) {
    if (this.length + 10 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    let n = value;
    while (n >= 128) {
      this.bytes[this.length++] = (n % 128) | 128;
      n = Math.floor(n / 128);
    }
    this.bytes[this.length++] = n;
  }

  /** Appends a posting (ids ascending). */
  add(posting: Posting) {
    if (this.size === 0) {
      this.firstId = posting.id;
      this.lastId = posting.id;
      this.varint(posting.id);
    }
    this.varint(posting.id - this.lastId);
    this.lastId = posting.id;
    this.size++;
    this.varint(posting.positions.length);
    this.varint(posting.words);
    let at = 0;
    for (const p of posting.positions) {
      this.varint(p - at);
      at = p;
    }
  }

  /** The block's bytes. */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** The postings (ascending ids, at least one) as one block's bytes. */
export function encodeBlock(postings: readonly Posting[]): Uint8Array {
  const out = new BlockWriter();
  for (const posting of postings) out.add(posting);
  return out.finish();
}

/** A decoded block: per posting its id, tf and length; positions decoded only when asked. */
export interface Block {
  readonly size: number;
  readonly ids: Float64Array;
  readonly tf: Uint32Array;
  readonly words: Uint32Array;
  /** The posting's positions (word indexes, ascending). */
  positions(index: number): number[];
  /** The index of the posting of passage `id`, or −1. */
  find(id: number): number;
}

function readVarint(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  let i = at;
  for (;;) {
    const byte = bytes[i++]!;
    value += (byte & 127) * scale;
    if (byte < 128) return [value, i];
    scale *= 128;
  }
}

export function decodeBlock(bytes: Uint8Array, count: number): Block {
  const ids = new Float64Array(count);
  const tf = new Uint32Array(count);
  const words = new Uint32Array(count);
  const starts = new Uint32Array(count);
  let [id, at] = readVarint(bytes, 0);
  for (let i = 0; i < count; i++) {
    let value: number;
    [value, at] = readVarint(bytes, at);
    id += value;
    ids[i] = id;
    [value, at] = readVarint(bytes, at);
    tf[i] = value;
    [value, at] = readVarint(bytes, at);
    words[i] = value;
    starts[i] = at;
    // Skips the positions: tf varints, each ending at a byte below 128.
    for (let k = tf[i]!; k > 0; at++) if (bytes[at]! < 128) k--;
  }
  return {
    size: count,
    ids,
    tf,
    words,
    positions(index) {
      const out: number[] = [];
      let p = 0;
      let cursor = starts[index]!;
      for (let k = 0; k < tf[index]!; k++) {
        let gap: number;
        [gap, cursor] = readVarint(bytes, cursor);
        p += gap;
        out.push(p);
      }
      return out;
    },
    find(target) {
      let lo = 0;
      let hi = count - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const value = ids[mid]!;
        if (value === target) return mid;
        if (value < target) lo = mid + 1;
        else hi = mid - 1;
      }
      return -1;
    },
  };
}

/** Every posting of a decoded block, positions included (for rewriting it). */
export function blockPostings(block: Block): Posting[] {
  return Array.from({ length: block.size }, (_, i) => ({
    id: block.ids[i]!,
    words: block.words[i]!,
    positions: block.positions(i),
  }));
}

/** Postings (ascending) cut into blocks of at most `size`, of even sizes. */
export function chunkPostings<T>(postings: readonly T[], size = BLOCK_POSTINGS): T[][] {
  if (postings.length === 0) return [];
  const blocks = Math.ceil(postings.length / size);
  const even = Math.ceil(postings.length / blocks);
  const out: T[][] = [];
  for (let i = 0; i < postings.length; i += even) out.push(postings.slice(i, i + even));
  return out;
}
