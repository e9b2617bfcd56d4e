import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { SearchBlocksTable } from '#server/db/schema.ts';
import { columnWeight, passageWords, type Form } from './bm25.ts';
import type { LibraryFigures } from './exact-ranking.ts';
import { itemIdRange, itemKeyOf, ITEM_SPAN, SEQ_SPAN, splitItemKey } from './passage-id.ts';
import {
  BLOCK_POSTINGS,
  BlockWriter,
  blockPostings,
  chunkPostings,
  decodeBlock,
  encodeBlock,
  type Block,
  type Posting,
} from './postings-codec.ts';
import { B, K1 } from './ranking.ts';
import type { ItemDocument } from './search-index.ts';

/**
 * The postings index (decision 0047): per word of the index, exact and folded, the passages holding
 * it in passage-id order, in blocks (postings-codec.ts), each block row with its first and last
 * passage id and `max_impact`, the largest BM25 impact of the word in the block computed with the
 * word's `avgdl` (search_terms). Written in the transaction that writes the passages; a full
 * rebuild pauses the per-item writes and builds everything at the end, in one pass.
 *
 * SQL of the index lives here; the ranking over it is postings-ranking.ts.
 */

const PAUSED_KEY = 'search_postings_paused';
// Rows per statement: well under SQLite's and PostgreSQL's variable limits.
const BATCH = 200;
// Passages read at a time by the rebuild.
const REBUILD_READ = 5_000;

/** A word of the index: `e:word` (exact form) or `f:word` (folded). */
export type TermKey = string;
export const termKey = (form: Form, term: string): TermKey => `${form === 'exact' ? 'e' : 'f'}:${term}`;
const splitTermKey = (key: TermKey) => ({ form: (key[0] === 'e' ? 'exact' : 'folded') as Form, term: key.slice(2) });

/**
 * The impact of a word in a passage: BM25's second factor f(k1+1) / (f + k1(1 − b + b·D/avgdl)),
 * f = tf × the column's weight, D = the passage's tokens in both columns (2 × words).
 */
export function impactOf(form: Form, tf: number, words: number, avgdl: number): number {
  const f = tf * columnWeight(form);
  return (f * (K1 + 1)) / (f + K1 * (1 - B + (B * 2 * words) / avgdl));
}

/**
 * An impact bound computed with average length `then`, made valid for the average length `now`:
 * with L = 1 − b + b·D/avgdl, when avgdl grew by a factor 1/r (r < 1) L shrank by at most r, so an
 * impact ≤ c then is ≤ (k1+1) / (1 + r((k1+1)/c − 1)) now; when avgdl shrank, every impact shrank.
 */
export function boundNow(c: number, then: number, now: number): number {
  if (c <= 0) return 0;
  const r = now > then ? then / now : 1;
  return (K1 + 1) / (1 + r * ((K1 + 1) / c - 1));
}

export interface TermRow {
  id: number;
  key: TermKey;
  /** Passages holding the word (BM25's n). */
  passages: number;
  avgdl: number;
}

/** A block row without its data. */
export interface BlockBounds {
  termId: number;
  lastId: number;
  firstId: number;
  postings: number;
  maxImpact: number;
}

/** Each word's posting in one passage (exact and folded forms), handed to `each`. */
function eachPosting(id: number, body: string, each: (key: TermKey, posting: Posting) => void): void {
  const words = passageWords(body);
  for (const form of ['exact', 'folded'] as const) {
    const positions = new Map<string, number[]>();
    words[form].forEach((word, i) => {
      const list = positions.get(word);
      if (list) list.push(i);
      else positions.set(word, [i]);
    });
    for (const [word, at] of positions) each(termKey(form, word), { id, words: words.exact.length, positions: at });
  }
}

/** Per word of the passages: its posting in each passage (the passages in the order given). */
function postingsOf(passages: readonly { id: number; body: string }[]): Map<TermKey, Posting[]> {
  const out = new Map<TermKey, Posting[]>();
  for (const passage of passages)
    eachPosting(passage.id, passage.body, (key, posting) => {
      const list = out.get(key);
      if (list) list.push(posting);
      else out.set(key, [posting]);
    });
  return out;
}

const maxImpactOf = (form: Form, postings: readonly Posting[], avgdl: number) =>
  postings.reduce((max, p) => Math.max(max, impactOf(form, p.positions.length, p.words, avgdl)), 0);

function blockRow(termId: number, form: Form, avgdl: number, postings: readonly Posting[]) {
  return {
    term_id: termId,
    last_id: postings[postings.length - 1]!.id,
    first_id: postings[0]!.id,
    postings: postings.length,
    max_impact: maxImpactOf(form, postings, avgdl),
    data: encodeBlock(postings),
  };
}

function chunks<T>(list: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** better-sqlite3 gives a Buffer, node-postgres a Buffer: both are Uint8Arrays. */
const bytesOf = (data: unknown) => data as Uint8Array;

type BlockRow = SearchBlocksTable;

/** Block rows as read back (ids of either engine's integer types as numbers), by word. */
function byTerm(
  rows: readonly { term_id: unknown; last_id: unknown; first_id: unknown; postings: unknown; data: unknown }[],
  into: Map<number, { last_id: number; first_id: number; postings: number; data: Uint8Array }[]>,
) {
  for (const r of rows) {
    const list = into.get(Number(r.term_id)) ?? [];
    list.push({
      last_id: Number(r.last_id),
      first_id: Number(r.first_id),
      postings: Number(r.postings),
      data: bytesOf(r.data),
    });
    into.set(Number(r.term_id), list);
  }
}

export type Postings = ReturnType<typeof createPostings>;

/**
 * Passages holding the word (BM25's n), kept by every write; null when the index has no row for it
 * (a word in no passage, or while the postings are being rebuilt).
 */
export async function passagesOfWord(db: Executor, form: Form, term: string): Promise<number | null> {
  const row = await db
    .selectFrom('search_terms')
    .select('passages')
    .where('form', '=', form)
    .where('term', '=', term)
    .executeTakeFirst();
  return row ? Number(row.passages) : null;
}

/**
 * The postings index on this executor. `totals`: the library's passages and tokens as the engine
 * ranks with them (a new word's bounds use their average length).
 */
export function createPostings(
  db: Executor,
  totals: () => Promise<LibraryFigures>,
  /** Postings per full block (tests use small blocks, so that a few passages make many). */
  blockSize = BLOCK_POSTINGS,
) {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  async function paused(): Promise<boolean> {
    const row = await db.selectFrom('meta').select('value').where('key', '=', PAUSED_KEY).executeTakeFirst();
    return row !== undefined;
  }

  async function currentAvgdl(fallback: number): Promise<number> {
    const { passages, tokens } = await totals();
    return passages > 0 && tokens > 0 ? tokens / passages : Math.max(1, fallback);
  }

  /** The rows of these words (absent words left out). */
  async function termRows(keys: readonly TermKey[], lock = false): Promise<Map<TermKey, TermRow>> {
    const out = new Map<TermKey, TermRow>();
    for (const form of ['exact', 'folded'] as const) {
      const terms = keys.filter((k) => splitTermKey(k).form === form).map((k) => splitTermKey(k).term);
      for (const part of chunks(terms, 500)) {
        const { rows } = await sql<{ id: number; term: string; passages: number; avgdl: number }>`
          SELECT id, term, passages, avgdl FROM search_terms WHERE form = ${form} AND term IN (${sql.join(part)})
          ORDER BY id ${lock && onPostgres ? sql`FOR UPDATE` : sql``}`.execute(db);
        for (const r of rows)
          out.set(termKey(form, r.term), {
            id: Number(r.id),
            key: termKey(form, r.term),
            passages: Number(r.passages),
            avgdl: Number(r.avgdl),
          });
      }
    }
    return out;
  }

  /**
   * Replaces the postings of the item `kind`/`itemId` with those of `document` (null: removes them).
   * Runs before the engine changes the passages: the item's old words are read from its old text.
   */
  async function writeItem(kind: number, itemId: number, document: ItemDocument | null): Promise<void> {
    if (await paused()) return;
    const [lo, hi] = itemIdRange(itemKeyOf(kind, itemId));
    const old = await db
      .selectFrom('search_passages')
      .select(['id', 'body'])
      .where('id', '>=', lo)
      .where('id', '<=', hi)
      .execute();
    const fresh = postingsOf(
      (document?.passages ?? []).map((p) => ({ id: lo + p.seq, body: p.body })).sort((a, b) => a.id - b.id),
    );
    const keys = [
      ...new Set([...postingsOf(old.map((r) => ({ id: Number(r.id), body: r.body }))).keys(), ...fresh.keys()]),
    ];
    if (keys.length === 0) return;

    // Words new to the index get a row; their bounds use today's average length.
    let terms = await termRows(keys, true);
    const missing = keys.filter((k) => !terms.has(k));
    if (missing.length > 0) {
      const words = (document?.passages ?? []).reduce((n, p) => n + passageWords(p.body).exact.length, 0);
      const avgdl = await currentAvgdl((2 * words) / Math.max(1, document?.passages.length ?? 1));
      for (const part of chunks(missing))
        await db
          .insertInto('search_terms')
          .values(part.map((k) => ({ ...splitTermKey(k), passages: 0, avgdl })))
          // Another writer may have added the word meanwhile: its row serves (and is locked below).
          .onConflict((oc) => oc.columns(['form', 'term']).doNothing())
          .execute();
      terms = await termRows(keys, true);
    }
    const ids = [...terms.values()].map((t) => t.id);

    // The blocks holding the item's range, and, for an item past a word's last posting, the
    // word's last block before it if it has room (ids grow: new items append).
    const touched = new Map<number, { last_id: number; first_id: number; postings: number; data: Uint8Array }[]>();
    for (const part of chunks(ids, 500)) {
      const { rows } = await sql<BlockRow>`
        SELECT term_id, last_id, first_id, postings, data FROM search_blocks
        WHERE term_id IN (${sql.join(part)}) AND last_id >= ${lo} AND first_id <= ${hi}`.execute(db);
      byTerm(rows, touched);
    }
    const appending = [...terms.values()].filter((t) => fresh.has(t.key) && !touched.has(t.id)).map((t) => t.id);
    for (const part of chunks(appending, 500)) {
      const { rows } = await sql<BlockRow>`
        SELECT b.term_id, b.last_id, b.first_id, b.postings, b.data FROM search_blocks b
        JOIN (SELECT term_id, max(last_id) AS last_id FROM search_blocks
              WHERE term_id IN (${sql.join(part)}) AND last_id < ${lo} GROUP BY term_id) m
          ON m.term_id = b.term_id AND m.last_id = b.last_id
        WHERE b.postings < ${blockSize}`.execute(db);
      byTerm(rows, touched);
    }
    const removed: { term_id: number; last_id: number }[] = [];
    const added: ReturnType<typeof blockRow>[] = [];
    const passagesDelta: { id: number; delta: number }[] = [];
    const kindDelta: { id: number; delta: number }[] = [];
    for (const term of terms.values()) {
      const { form } = splitTermKey(term.key);
      const kept: Posting[] = [];
      let before = 0;
      for (const block of touched.get(term.id) ?? []) {
        removed.push({ term_id: term.id, last_id: block.last_id });
        for (const posting of blockPostings(decodeBlock(block.data, block.postings))) {
          if (posting.id >= lo && posting.id <= hi) before++;
          else kept.push(posting);
        }
      }
      const now = fresh.get(term.key) ?? [];
      const merged = [...kept, ...now].sort((a, b) => a.id - b.id);
      for (const chunk of chunkPostings(merged, blockSize)) added.push(blockRow(term.id, form, term.avgdl, chunk));
      if (now.length !== before) passagesDelta.push({ id: term.id, delta: now.length - before });
      const items = (now.length > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
      if (items !== 0) kindDelta.push({ id: term.id, delta: items });
    }

    for (const part of chunks(removed))
      await sql`DELETE FROM search_blocks WHERE ${sql.join(
        part.map((r) => sql`(term_id = ${r.term_id} AND last_id = ${r.last_id})`),
        sql` OR `,
      )}`.execute(db);
    for (const part of chunks(added)) await db.insertInto('search_blocks').values(part).execute();
    for (const part of chunks(passagesDelta)) {
      const values = sql.join(part.map((d) => sql`(${d.id}, ${d.delta})`));
      // VALUES columns are column1, column2 on both engines.
      await sql`UPDATE search_terms SET passages = passages + CAST(v.column2 AS INTEGER)
        FROM (VALUES ${values}) AS v WHERE search_terms.id = CAST(v.column1 AS INTEGER)`.execute(db);
    }
    for (const part of chunks(kindDelta))
      await sql`INSERT INTO search_term_kinds (term_id, kind, items)
        VALUES ${sql.join(part.map((d) => sql`(${d.id}, ${kind}, ${d.delta})`))}
        ON CONFLICT (term_id, kind) DO UPDATE SET items = search_term_kinds.items + excluded.items`.execute(db);
  }

  /** Every posting of one kind taken out (blocks inside its range deleted, blocks across it rewritten). */
  async function clearKind(kind: number): Promise<void> {
    if (await paused()) return;
    const lo = kind * ITEM_SPAN * SEQ_SPAN;
    const hi = (kind + 1) * ITEM_SPAN * SEQ_SPAN - 1;
    const { rows } = await sql<{ term_id: number; last_id: number; first_id: number; postings: number; data: unknown }>`
      SELECT term_id, last_id, first_id, postings, data FROM search_blocks WHERE last_id >= ${lo} AND first_id <= ${hi}`.execute(
      db,
    );
    const forms = new Map(
      (
        await db
          .selectFrom('search_terms')
          .select(['id', 'form', 'avgdl'])
          .where('id', 'in', [...new Set(rows.map((r) => Number(r.term_id))), -1])
          .execute()
      ).map((t) => [Number(t.id), { form: t.form as Form, avgdl: Number(t.avgdl) }]),
    );
    const delta = new Map<number, number>();
    for (const r of rows) {
      const termId = Number(r.term_id);
      const postings = blockPostings(decodeBlock(bytesOf(r.data), Number(r.postings)));
      const kept = postings.filter((p) => p.id < lo || p.id > hi);
      delta.set(termId, (delta.get(termId) ?? 0) - (postings.length - kept.length));
      await sql`DELETE FROM search_blocks WHERE term_id = ${termId} AND last_id = ${Number(r.last_id)}`.execute(db);
      const term = forms.get(termId)!;
      if (kept.length > 0)
        await db
          .insertInto('search_blocks')
          .values(blockRow(termId, term.form, term.avgdl, kept))
          .execute();
    }
    for (const [termId, n] of delta)
      await sql`UPDATE search_terms SET passages = passages + ${n} WHERE id = ${termId}`.execute(db);
    await db.deleteFrom('search_term_kinds').where('kind', '=', kind).execute();
  }

  return {
    writeItem,
    clearKind,

    /**
     * Writes the length of passages that have none (written before lengths were kept: the
     * transcripts a rebuild keeps), so that the library's totals can be recounted.
     */
    async fillLengths() {
      for (let after = -1; ;) {
        const rows = await db
          .selectFrom('search_passages')
          .select(['id', 'body'])
          .where('tokens', '=', 0)
          .where('id', '>', after)
          .orderBy('id')
          .limit(REBUILD_READ)
          .execute();
        if (rows.length === 0) return;
        for (const row of rows) {
          const words = passageWords(row.body).exact.length;
          if (words > 0)
            await db.updateTable('search_passages').set({ tokens: words }).where('id', '=', row.id).execute();
        }
        after = Number(rows[rows.length - 1]!.id);
      }
    },

    /** Forgets every posting and pauses the per-item writes until `rebuild` (a full index rebuild). */
    async clear() {
      await db.deleteFrom('search_blocks').execute();
      await db.deleteFrom('search_term_kinds').execute();
      await db.deleteFrom('search_terms').execute();
      if (!(await paused())) await db.insertInto('meta').values({ key: PAUSED_KEY, value: '1' }).execute();
    },

    /** Whether the index is being rebuilt (searches then rank in full). */
    paused,

    /**
     * Builds every posting from the passages, read once in id order: each word's postings are
     * written a block at a time as they fill, so memory holds at most one unfinished block per word.
     */
    async rebuild(): Promise<{ terms: number; blocks: number }> {
      await db.deleteFrom('search_blocks').execute();
      await db.deleteFrom('search_term_kinds').execute();
      await db.deleteFrom('search_terms').execute();
      const { rows: sums } = await sql<{ n: number; words: number | null }>`
        SELECT count(*) AS n, sum(tokens) AS words FROM search_passages`.execute(db);
      const passages = Number(sums[0]?.n ?? 0);
      const avgdl = passages > 0 ? (2 * Number(sums[0]?.words ?? 0)) / passages : 1;

      interface Building {
        id: number;
        form: Form;
        passages: number;
        block: BlockWriter;
        maxImpact: number;
        lastItem: number;
        kinds: Map<number, number>;
      }
      const building = new Map<TermKey, Building>();
      let nextId = 1;
      let blocks = 0;
      let rows: BlockRow[] = [];
      const flushRows = async () => {
        for (const part of chunks(rows)) await db.insertInto('search_blocks').values(part).execute();
        blocks += rows.length;
        rows = [];
      };
      const emit = (term: Building) => {
        const { block } = term;
        rows.push({
          term_id: term.id,
          last_id: block.lastId,
          first_id: block.firstId,
          postings: block.size,
          max_impact: term.maxImpact,
          data: block.finish(),
        });
        term.block = new BlockWriter();
        term.maxImpact = 0;
      };

      for (let after = -1; ;) {
        const batch = await db
          .selectFrom('search_passages')
          .select(['id', 'body'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(REBUILD_READ)
          .execute();
        if (batch.length === 0) break;
        after = Number(batch[batch.length - 1]!.id);
        // Passage by passage in id order: each word's postings arrive ascending.
        for (const row of batch)
          eachPosting(Number(row.id), row.body, (key, posting) => {
            let term = building.get(key);
            if (!term) {
              const { form } = splitTermKey(key);
              term = {
                id: nextId++,
                form,
                passages: 0,
                block: new BlockWriter(),
                maxImpact: 0,
                lastItem: -1,
                kinds: new Map(),
              };
              building.set(key, term);
            }
            term.passages++;
            const item = Math.floor(posting.id / SEQ_SPAN);
            if (item !== term.lastItem) {
              const { kind } = splitItemKey(item);
              term.kinds.set(kind, (term.kinds.get(kind) ?? 0) + 1);
              term.lastItem = item;
            }
            term.block.add(posting);
            term.maxImpact = Math.max(
              term.maxImpact,
              impactOf(term.form, posting.positions.length, posting.words, avgdl),
            );
            if (term.block.size === blockSize) emit(term);
          });
        if (rows.length >= 2_000) await flushRows();
      }
      for (const term of building.values()) if (term.block.size > 0) emit(term);
      await flushRows();

      const terms = [...building].map(([key, t]) => ({ id: t.id, ...splitTermKey(key), passages: t.passages, avgdl }));
      for (const part of chunks(terms)) await db.insertInto('search_terms').values(part).execute();
      const kinds = [...building.values()].flatMap((t) =>
        [...t.kinds].map(([kind, items]) => ({ term_id: t.id, kind, items })),
      );
      for (const part of chunks(kinds)) await db.insertInto('search_term_kinds').values(part).execute();
      // Ids were given here: the sequence of later words starts after them.
      if (onPostgres)
        await sql`SELECT setval(pg_get_serial_sequence('search_terms', 'id'), ${Math.max(1, nextId - 1)})`.execute(db);
      await db.deleteFrom('meta').where('key', '=', PAUSED_KEY).execute();
      return { terms: terms.length, blocks };
    },

    /** The rows of these words (absent words left out). */
    terms: (keys: readonly TermKey[]) => termRows(keys),

    /** Items holding the word, per kind. */
    async kindItems(termId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('search_term_kinds')
        .select(['kind', 'items'])
        .where('term_id', '=', termId)
        .execute();
      return new Map(rows.filter((r) => Number(r.items) > 0).map((r) => [Number(r.kind), Number(r.items)]));
    },

    /** The bounds of every block of the word that reaches into [from, to], in id order. */
    async bounds(termId: number, from: number, to: number): Promise<BlockBounds[]> {
      const { rows } = await sql<{ last_id: number; first_id: number; postings: number; max_impact: number }>`
        SELECT last_id, first_id, postings, max_impact FROM search_blocks
        WHERE term_id = ${termId} AND last_id >= ${from} AND first_id <= ${to} ORDER BY last_id`.execute(db);
      return rows.map((r) => ({
        termId,
        lastId: Number(r.last_id),
        firstId: Number(r.first_id),
        postings: Number(r.postings),
        maxImpact: Number(r.max_impact),
      }));
    },

    /** These blocks, decoded (key `termId:lastId`), in one statement per few hundred. */
    async blocks(wanted: readonly BlockBounds[]): Promise<Map<string, Block>> {
      const out = new Map<string, Block>();
      for (const part of chunks(wanted, 500)) {
        const byTerm = new Map<number, number[]>();
        for (const b of part) byTerm.set(b.termId, [...(byTerm.get(b.termId) ?? []), b.lastId]);
        const where = sql.join(
          [...byTerm].map(([termId, lastIds]) => sql`(term_id = ${termId} AND last_id IN (${sql.join(lastIds)}))`),
          sql` OR `,
        );
        const { rows } = await sql<{ term_id: number; last_id: number; postings: number; data: unknown }>`
          SELECT term_id, last_id, postings, data FROM search_blocks WHERE ${where}`.execute(db);
        for (const r of rows)
          out.set(blockKey(Number(r.term_id), Number(r.last_id)), decodeBlock(bytesOf(r.data), Number(r.postings)));
      }
      return out;
    },
  };
}

/** The key of a block in `blocks`' answer. */
export const blockKey = (termId: number, lastId: number) => `${termId}:${lastId}`;
