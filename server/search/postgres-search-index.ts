import { sql } from 'kysely';
import { tokenize, type SearchToken } from '#common/text/search-tokens.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import type { Executor } from '#server/db/database.ts';
import { columnWeight, type CompiledQuery, type Form, type Passage } from './bm25.ts';
import { prepareQuery, scoreItems, type LibraryFigures } from './exact-ranking.ts';
import { bumpGeneration, readGeneration } from './generation.ts';
import { passagesOfWord } from './postings.ts';
import { B, K1 } from './ranking.ts';
import { itemIdRange, itemKeyOf, passageIdOf, SEQ_SPAN } from './passage-id.ts';
import type { EngineQuery, ItemDocument, ItemHit, MatchClause, SearchIndex } from './search-index.ts';

const BATCH = 200;
const ITEM_DIVISOR = sql.raw(String(SEQ_SPAN));
// PostgreSQL keeps word positions up to 16383.
const MAX_POSITION = 16383;

/**
 * Ranking is exact BM25 (bm25.ts, scored in JavaScript) when the required words match at most this
 * many passages; beyond, BM25 counted word by word in SQL picks the RESCORED_ITEMS best items, which
 * are then ranked by exact BM25 above the rest (decisions 0028, 0037: measured, not exact).
 */
export const EXACT_PASSAGES = 5_000;
export const RESCORED_ITEMS = 100;

// The library's passages and tokens (BM25's N and avgdl), moved by every write.
const TOTAL_PASSAGES = 'search_total_passages';
const TOTAL_TOKENS = 'search_total_tokens';

/** PostgreSQL refuses a lexeme longer than this ("word is too long"); no query can ask for one. */
export const MAX_LEXEME_BYTES = 2047;

/** A lexeme as tsvector / tsquery text: quoted, with quotes and backslashes escaped. */
function lexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * A tsvector literal built from our own tokens, with positions, so PostgreSQL's parser (which
 * depends on the server's locale) never decides what a Vietnamese word is.
 */
export function tsvectorLiteral(tokens: readonly SearchToken[], form: 'exact' | 'folded'): string {
  const positions = new Map<string, number[]>();
  tokens.forEach((token, i) => {
    const word = token[form];
    // A lone combining mark is a word whose folded form is empty: no lexeme ('' is not valid).
    if (word === '') return;
    // A "word" of thousands of letters (a run of x's, a pasted hash) is left out of the index.
    if (Buffer.byteLength(word) > MAX_LEXEME_BYTES) return;
    const list = positions.get(word) ?? [];
    list.push(Math.min(i + 1, MAX_POSITION));
    positions.set(word, list);
  });
  return [...positions].map(([word, at]) => `${lexeme(word)}:${[...new Set(at)].join(',')}`).join(' ');
}

/**
 * Each lexeme's positions in a tsvector's text (`'a':1,4 'it''s':2A`), weights dropped: the inverse
 * of tsvectorLiteral for the words a query asks for (decision 0037).
 */
export function tsvectorPositions(text: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const entry = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;
  for (let m = entry.exec(text); m; m = entry.exec(text)) {
    const word = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    const positions = (m[2] ?? '')
      .split(',')
      .filter(Boolean)
      .map((p) => parseInt(p, 10));
    out.set(word, positions);
  }
  return out;
}

/** The words of each column a compiled query looks for. */
function queryWordsByForm(compiled: CompiledQuery): Record<Form, string[]> {
  const words: Record<Form, Set<string>> = { exact: new Set(), folded: new Set() };
  for (const phrase of compiled.phrases) for (const word of phrase.words) words[phrase.form].add(word);
  return { exact: [...words.exact], folded: [...words.folded] };
}

/** The positions of `words` in a tsvector column, as text (nothing read when no word is asked for). */
function positionsOf(column: 'exact_tsv' | 'folded_tsv', words: string[]) {
  if (words.length === 0) return sql<string>`''`;
  return sql<string>`ts_filter(setweight(${sql.ref(column)}, 'A', ${words}::text[]), '{a}')::text`;
}

/** A clause as tsquery text: `a <-> b` for a phrase, `a & b` for all words. */
export function tsqueryLiteral(clause: MatchClause): string {
  return clause.words.map(lexeme).join(clause.phrase ? ' <-> ' : ' & ');
}

function columnOf(clause: MatchClause) {
  return sql.ref(clause.form === 'exact' ? 'exact_tsv' : 'folded_tsv');
}

function matches(clause: MatchClause) {
  return sql`${columnOf(clause)} @@ ${tsqueryLiteral(clause)}::tsquery`;
}

/**
 * A passage's BM25 counted word by word, in SQL, from the positions of the query's words in its
 * tsvectors (decision 0037): exact for a query of one-word phrases (strict one word, broad with its
 * diacritics boost); a phrase of several words counts as its words, each with its share of the
 * phrase's IDF, and NEAR is not checked. It only chooses which items are scored exactly.
 */
function wordScoreOf(compiled: CompiledQuery, stats: { passages: number; tokens: number; idf: number[] }) {
  const avgdl = stats.tokens / stats.passages;
  const parts = (['exact', 'folded'] as const).flatMap((form) => {
    const shares = new Map<string, number>();
    compiled.phrases.forEach((phrase, k) => {
      if (phrase.form !== form) return;
      for (const word of phrase.words) shares.set(word, (shares.get(word) ?? 0) + stats.idf[k]! / phrase.words.length);
    });
    if (shares.size === 0) return [];
    const words = [...shares.keys()];
    const weight = columnWeight(form);
    const column = sql.ref(form === 'exact' ? 'exact_tsv' : 'folded_tsv');
    const f = sql`(${weight}::float8 * array_length(u.positions, 1))`;
    return [
      sql`(SELECT coalesce(sum(q.share * ${f} * ${K1 + 1}::float8 / (${f} + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * 2 * tokens / ${avgdl}::float8))), 0)
        FROM unnest(ts_filter(setweight(${column}, 'A', ${words}::text[]), '{a}')) AS u
        JOIN unnest(${words}::text[], ${[...shares.values()]}::float8[]) AS q(word, share) ON q.word = u.lexeme)`,
    ];
  });
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** Adds to one of the library's totals (a counter in meta, as the generation). */
async function addTo(db: Executor, key: string, n: number) {
  if (n === 0) return;
  const updated =
    await sql`UPDATE meta SET value = CAST(CAST(value AS BIGINT) + ${n} AS TEXT) WHERE key = ${key}`.execute(db);
  if (Number(updated.numAffectedRows ?? 0) === 0)
    await db
      .insertInto('meta')
      .values({ key, value: String(n) })
      .execute();
}

/** Takes the passages of `where` out of the library's totals (before they are deleted). */
async function subtractPassages(db: Executor, where: ReturnType<typeof sql>) {
  const { rows } = await sql<{ n: string; tokens: string | null }>`
    SELECT count(*) AS n, sum(tokens) AS tokens FROM search_passages WHERE ${where}`.execute(db);
  await addTo(db, TOTAL_PASSAGES, -Number(rows[0]?.n ?? 0));
  await addTo(db, TOTAL_TOKENS, -Number(rows[0]?.tokens ?? 0));
}

export interface PostgresSearchOptions {
  /** EXACT_PASSAGES and RESCORED_ITEMS, smaller in tests so that both paths run. */
  exactPassages?: number;
  rescoredItems?: number;
  /** Postings per block of the postings index (postings.ts), smaller in tests. */
  blockPostings?: number;
  /** Items counted per kind when several words are required (postings-ranking.ts), smaller in tests. */
  countLimit?: number;
  /** The full ranking is chosen only up to this many passages of the required words (query-plan.ts); tests set it. */
  fullRankingWalk?: number;
}

/** The PostgreSQL implementation: tsvector columns with GIN indexes beside each passage. */
export function createPostgresSearchIndex(db: Executor, options: PostgresSearchOptions = {}): SearchIndex {
  const exactPassages = options.exactPassages ?? EXACT_PASSAGES;
  const rescoredItems = options.rescoredItems ?? RESCORED_ITEMS;

  async function figures(): Promise<LibraryFigures> {
    const rows = await db
      .selectFrom('meta')
      .select(['key', 'value'])
      .where('key', 'in', [TOTAL_PASSAGES, TOTAL_TOKENS])
      .execute();
    const of = (key: string) => Number(rows.find((r) => r.key === key)?.value ?? 0);
    return { passages: of(TOTAL_PASSAGES), tokens: of(TOTAL_TOKENS) * 2 };
  }

  /**
   * Passages holding a phrase anywhere (BM25's n): a word's count is kept by the postings index
   * (postings.ts), any other phrase is counted.
   */
  async function passagesWith(phrase: { form: 'exact' | 'folded'; words: string[] }): Promise<number> {
    const kept = phrase.words.length === 1 ? await passagesOfWord(db, phrase.form, phrase.words[0]!) : null;
    if (kept !== null) return kept;
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM search_passages WHERE ${matches({ ...phrase, phrase: true })}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Exact BM25 of the required matches among `where`, from the positions of the query's words in
   * the tsvectors and each passage's length (decision 0037): no text is read or tokenised, except
   * of a passage longer than the positions PostgreSQL keeps.
   */
  async function exactItems(
    query: EngineQuery,
    where: ReturnType<typeof sql>,
    prepared?: Awaited<ReturnType<typeof prepareQuery>>,
  ): Promise<Map<number, ItemHit>> {
    const { compiled, stats } = prepared ?? (await prepareQuery(query, await figures(), passagesWith));
    const words = queryWordsByForm(compiled);
    const { rows } = await sql<{ id: string; tokens: number; body: string | null; exact: string; folded: string }>`
      SELECT id, tokens, CASE WHEN tokens >= ${MAX_POSITION} THEN body END AS body,
        ${positionsOf('exact_tsv', words.exact)} AS exact, ${positionsOf('folded_tsv', words.folded)} AS folded
      FROM search_passages WHERE ${matches(query.required)} AND ${where}`.execute(db);
    return scoreItems(
      compiled,
      stats,
      rows.map((r) =>
        r.body !== null
          ? { id: Number(r.id), body: r.body }
          : {
              id: Number(r.id),
              passage: {
                words: Number(r.tokens),
                exact: tsvectorPositions(r.exact),
                folded: tsvectorPositions(r.folded),
              } satisfies Passage,
            },
      ),
    );
  }

  return {
    async replaceItem(document: ItemDocument) {
      await this.removeItem(document.kind, document.itemId);
      let words = 0;
      for (let i = 0; i < document.passages.length; i += BATCH) {
        const rows = document.passages.slice(i, i + BATCH).map((p) => {
          const tokens = tokenize(normalizeText(p.body));
          words += tokens.length;
          return sql`(${passageIdOf(document.kind, document.itemId, p.seq)}, ${document.kind}, ${document.itemId},
            ${p.seq}, ${p.part ?? null}, ${p.anchor ?? null}, ${p.startSeconds ?? null}, ${p.body}, ${tokens.length},
            ${tsvectorLiteral(tokens, 'exact')}::tsvector, ${tsvectorLiteral(tokens, 'folded')}::tsvector)`;
        });
        await sql`INSERT INTO search_passages (id, kind, item_id, seq, part, anchor, start_seconds, body, tokens, exact_tsv, folded_tsv)
          VALUES ${sql.join(rows)}`.execute(db);
      }
      await addTo(db, TOTAL_PASSAGES, document.passages.length);
      await addTo(db, TOTAL_TOKENS, words);
    },

    async removeItem(kind, itemId) {
      const [from, to] = itemIdRange(itemKeyOf(kind, itemId));
      await subtractPassages(db, sql`id BETWEEN ${from} AND ${to}`);
      await db.deleteFrom('search_passages').where('id', '>=', from).where('id', '<=', to).execute();
      await bumpGeneration(db);
    },

    async clearKind(kind) {
      await subtractPassages(db, sql`kind = ${kind}`);
      await db.deleteFrom('search_passages').where('kind', '=', kind).execute();
      await bumpGeneration(db);
    },

    async recountTotals() {
      const { rows } = await sql<{ n: string; tokens: string | null }>`
        SELECT count(*) AS n, sum(tokens) AS tokens FROM search_passages`.execute(db);
      await db.deleteFrom('meta').where('key', 'in', [TOTAL_PASSAGES, TOTAL_TOKENS]).execute();
      await addTo(db, TOTAL_PASSAGES, Number(rows[0]?.n ?? 0));
      await addTo(db, TOTAL_TOKENS, Number(rows[0]?.tokens ?? 0));
    },

    async rankItems(query, within, only) {
      const inItem =
        within === undefined ? sql`TRUE` : sql`id BETWEEN ${itemIdRange(within)[0]} AND ${itemIdRange(within)[1]}`;
      // Only the items the conditions allow (decision 0037): fewer passages to rank, and the best
      // items the fallback re-ranks are chosen among those shown.
      const range = only ? sql`${inItem} AND id / ${ITEM_DIVISOR} = ANY(${[...only]}::bigint[])` : inItem;
      const { rows: counted } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM (SELECT 1 FROM search_passages WHERE ${matches(query.required)} AND ${range}
        LIMIT ${exactPassages + 1}) AS hits`.execute(db);
      if (Number(counted[0]?.n ?? 0) <= exactPassages) return [...(await exactItems(query, range)).values()];

      // Too many matches to carry them all to JavaScript: BM25 counted word by word in SQL orders the
      // items, the best of them are ranked again by exact BM25 and placed above the others (whose
      // scores become negative).
      const prepared = await prepareQuery(query, await figures(), passagesWith);
      const { rows } = await sql<{ item: string; best: number; n: string }>`
        SELECT id / ${ITEM_DIVISOR} AS item, max(${wordScoreOf(prepared.compiled, prepared.stats)}) AS best, count(*) AS n
        FROM search_passages WHERE ${matches(query.required)} AND ${range}
        GROUP BY item`.execute(db);
      const items = rows
        .map((r) => ({ itemKey: Number(r.item), score: Number(r.best), passages: Number(r.n) }))
        .sort((a, b) => b.score - a.score || a.itemKey - b.itemKey);
      const top = items.slice(0, rescoredItems).map((i) => i.itemKey);
      const rescored = await exactItems(
        query,
        // Item ranges on the primary key: the matches of these items only, not every match again.
        sql`${range} AND (${sql.join(
          top.map((k) => sql`id BETWEEN ${itemIdRange(k)[0]} AND ${itemIdRange(k)[1]}`),
          sql` OR `,
        )})`,
        prepared,
      );
      // Below every exact score (all positive): in [-2, -1], in the order of the word-by-word count.
      const highest = items.reduce((max, i) => Math.max(max, i.score), 1e-9);
      return items.map((i) => rescored.get(i.itemKey) ?? { ...i, score: i.score / highest - 2 });
    },

    async matchingItems(clause) {
      const { rows } = await sql<{ item: string }>`
        SELECT DISTINCT id / ${ITEM_DIVISOR} AS item FROM search_passages WHERE ${matches(clause)}`.execute(db);
      return new Set(rows.map((r) => Number(r.item)));
    },

    async matchingPassages(clause, itemKey, limit) {
      const [from, to] = itemIdRange(itemKey);
      const { rows } = await sql<{ id: string }>`
        SELECT id FROM search_passages WHERE ${matches(clause)} AND id BETWEEN ${from} AND ${to}
        ORDER BY id LIMIT ${limit}`.execute(db);
      return rows.map((r) => Number(r.id));
    },

    generation: () => readGeneration(db),

    totals: figures,

    async passages(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('search_passages')
        .select(['id', 'kind', 'item_id', 'seq', 'part', 'anchor', 'start_seconds', 'body'])
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        start_seconds: r.start_seconds === null ? null : Number(r.start_seconds),
      }));
    },

    async size() {
      const row = await db
        .selectFrom('search_passages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
