import { sql } from 'kysely';
import { indexForms } from '#common/text/search-tokens.ts';
import type { Executor } from '#server/db/database.ts';
import { prepareQuery, scoreItems, type LibraryFigures } from './exact-ranking.ts';
import { bumpGeneration, readGeneration } from './generation.ts';
import { passagesOfWord } from './postings.ts';
import { EXACT_WEIGHT, FOLDED_WEIGHT, NEAR_DISTANCE } from './ranking.ts';
import { itemIdRange, itemKeyOf, passageIdOf, SEQ_SPAN } from './passage-id.ts';
import type { EngineQuery, ItemDocument, MatchClause, SearchIndex } from './search-index.ts';

// Rows per INSERT: fewer statements when a whole library is indexed, well under SQLite's variable limit.
const BATCH = 200;
/**
 * When a boost could widen the matches (words typed with diacritics among several), FTS5 walks
 * every passage of each boost (the reader's `các`, `là`: 300,000 at a million passages) to keep
 * the few the required words match. When those are at most this many, they are scored in
 * JavaScript (bm25.ts, FTS5's own totals) instead: the same scores (decision 0028).
 */
export const SCORED_PASSAGES = 600;

/** SQLite's variable-length integer (FTS5 writes its records with it). */
function readVarint(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  for (let i = 0; i < 9; i++) {
    const byte = bytes[at + i]!;
    if (i === 8) return [value * 256 + byte, at + 9];
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, at + i + 1];
  }
  return [value, at + 9];
}

/** A word as an FTS5 string: words are letters and digits only, but quote them anyway. */
function quoted(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

/** One clause as an FTS5 query expression, limited to its column. */
export function clauseExpression(clause: MatchClause): string {
  const column = clause.form === 'exact' ? '{exact}' : '{folded}';
  if (clause.phrase) return `${column} : ${quoted(clause.words.join(' '))}`;
  return `${column} : (${clause.words.map(quoted).join(' AND ')})`;
}

/** The required clause OR'ed with the boosts: boosts add no rows (they are narrower) but add to bm25. */
export function queryExpression(query: EngineQuery): string {
  const parts = [clauseExpression(query.required), ...query.boosts.map(boostExpression)];
  return parts.map((p) => `(${p})`).join(' OR ');
}

function boostExpression(clause: MatchClause): string {
  if (!clause.phrase && clause.words.length > 1) {
    const column = clause.form === 'exact' ? '{exact}' : '{folded}';
    return `${column} : NEAR(${clause.words.map(quoted).join(' ')}, ${NEAR_DISTANCE})`;
  }
  return clauseExpression(clause);
}

/**
 * Whether a boost could match a passage the required clause does not: any boost other than the
 * required words themselves (NEAR of the same words) when several words are required. (With one
 * required word, the planner's boosts are that word with the reader's diacritics: narrower.)
 */
export function boostsMayWiden(query: EngineQuery): boolean {
  const { required } = query;
  if (required.words.length < 2) return false;
  const same = (words: string[]) =>
    words.length === required.words.length && words.every((w) => required.words.includes(w));
  return query.boosts.some((b) => !(b.form === required.form && same(b.words)));
}

/**
 * An integer written into the statement. better-sqlite3 binds every JavaScript number as a REAL:
 * FTS5 then ignores a rowid range (and walks the word's whole list), and `/` divides exactly.
 */
function integer(n: number) {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an integer: ${n}`);
  return sql.raw(String(n));
}
const ITEM_DIVISOR = integer(SEQ_SPAN);
// bm25() cannot be aggregated directly: the hits are materialised first (see rankItems).
// bm25() is lower-is-better; we report higher-is-better.
const score = sql<number>`-bm25(search_fts, ${sql.raw(String(EXACT_WEIGHT))}, ${sql.raw(String(FOLDED_WEIGHT))})`;

/** Words of an index form (space-joined words). */
function wordCount(form: string): number {
  return form === '' ? 0 : form.split(' ').length;
}

/** The SQLite FTS5 implementation (the default engine). */
export function createFts5SearchIndex(db: Executor): SearchIndex {
  /**
   * The N and token total FTS5's bm25() uses: its "averages" record (rowid 1 of search_fts_data),
   * the rows ever inserted and each column's tokens (deletions of a contentless_delete table are
   * not taken out of it).
   */
  async function figures(): Promise<LibraryFigures> {
    const { rows } = await sql<{ block: Uint8Array }>`SELECT block FROM search_fts_data WHERE id = 1`.execute(db);
    const block = rows[0]?.block;
    if (!block || block.length === 0) return { passages: 0, tokens: 0 };
    const [passages, first] = readVarint(block, 0);
    let at = first;
    let tokens = 0;
    while (at < block.length) {
      const [column, next] = readVarint(block, at);
      tokens += column;
      at = next;
    }
    return { passages, tokens };
  }

  /** Passages holding a phrase (BM25's n): a word's count from the postings index, else FTS5 counts. */
  async function passagesWith(phrase: { form: 'exact' | 'folded'; words: string[] }): Promise<number> {
    const kept = phrase.words.length === 1 ? await passagesOfWord(db, phrase.form, phrase.words[0]!) : null;
    if (kept !== null) return kept;
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH ${clauseExpression({ ...phrase, phrase: true })}`.execute(
      db,
    );
    return Number(rows[0]?.n ?? 0);
  }

  return {
    async replaceItem(document: ItemDocument) {
      await this.removeItem(document.kind, document.itemId);
      // removeItem moved the generation on already.
      for (let i = 0; i < document.passages.length; i += BATCH) {
        const batch = document.passages.slice(i, i + BATCH).map((p) => ({
          id: passageIdOf(document.kind, document.itemId, p.seq),
          kind: document.kind,
          item_id: document.itemId,
          seq: p.seq,
          part: p.part ?? null,
          anchor: p.anchor ?? null,
          start_seconds: p.startSeconds ?? null,
          body: p.body,
          ...indexForms(p.body),
        }));
        await db
          .insertInto('search_passages')
          .values(batch.map(({ exact, folded: _folded, ...row }) => ({ ...row, tokens: wordCount(exact) })))
          .execute();
        const values = sql.join(batch.map((r) => sql`(${r.id}, ${r.exact}, ${r.folded})`));
        await sql`INSERT INTO search_fts (rowid, exact, folded) VALUES ${values}`.execute(db);
      }
    },

    async removeItem(kind, itemId) {
      const [from, to] = itemIdRange(itemKeyOf(kind, itemId));
      await sql`DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_passages WHERE id BETWEEN ${from} AND ${to})`.execute(
        db,
      );
      await db.deleteFrom('search_passages').where('id', '>=', from).where('id', '<=', to).execute();
      await bumpGeneration(db);
    },

    async clearKind(kind) {
      await sql`DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_passages WHERE kind = ${kind})`.execute(
        db,
      );
      await db.deleteFrom('search_passages').where('kind', '=', kind).execute();
      await bumpGeneration(db);
    },

    async rankItems(query, within) {
      const range =
        within === undefined
          ? sql``
          : sql`AND rowid BETWEEN ${integer(itemIdRange(within)[0])} AND ${integer(itemIdRange(within)[1])}`;
      if (boostsMayWiden(query)) {
        const { rows: found } = await sql<{ id: number }>`
          SELECT rowid AS id FROM search_fts WHERE search_fts MATCH ${clauseExpression(query.required)} ${range}
          LIMIT ${integer(SCORED_PASSAGES + 1)}`.execute(db);
        if (found.length <= SCORED_PASSAGES) {
          const { compiled, stats } = await prepareQuery(query, await figures(), passagesWith);
          const rows = await this.passages(found.map((r) => Number(r.id)));
          return [...scoreItems(compiled, stats, rows).values()];
        }
      }
      // A boost that is not narrower than the required words (the reader's diacritics on one of
      // several words) would let in passages without the others: keep only the required matches.
      // `+rowid`: a plain rowid IN (…) would make FTS5 re-run the query once per listed rowid.
      const requiredOnly = boostsMayWiden(query)
        ? sql`AND +rowid IN (SELECT rowid FROM search_fts WHERE search_fts MATCH ${clauseExpression(query.required)} ${range})`
        : sql``;
      const { rows } = await sql<{ item: number; best: number; n: number }>`
        WITH hits AS MATERIALIZED (
          SELECT rowid AS id, ${score} AS score FROM search_fts WHERE search_fts MATCH ${queryExpression(query)} ${range} ${requiredOnly}
        )
        SELECT id / ${ITEM_DIVISOR} AS item, max(score) AS best, count(*) AS n FROM hits GROUP BY item`.execute(db);
      return rows.map((r) => ({ itemKey: Number(r.item), score: Number(r.best), passages: Number(r.n) }));
    },

    async matchingItems(clause) {
      const { rows } = await sql<{ item: number }>`
        SELECT DISTINCT rowid / ${ITEM_DIVISOR} AS item FROM search_fts WHERE search_fts MATCH ${clauseExpression(clause)}`.execute(
        db,
      );
      return new Set(rows.map((r) => Number(r.item)));
    },

    async matchingPassages(clause, itemKey, limit) {
      const [from, to] = itemIdRange(itemKey);
      const { rows } = await sql<{ id: number }>`
        SELECT rowid AS id FROM search_fts
        WHERE search_fts MATCH ${clauseExpression(clause)} AND rowid BETWEEN ${integer(from)} AND ${integer(to)}
        ORDER BY rowid LIMIT ${limit}`.execute(db);
      return rows.map((r) => Number(r.id));
    },

    generation: () => readGeneration(db),

    totals: figures,

    // FTS5 keeps its own totals (its "averages" record), which are what its bm25() uses.
    async recountTotals() {},

    async passages(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('search_passages')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async size() {
      const row = await db
        .selectFrom('search_passages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
