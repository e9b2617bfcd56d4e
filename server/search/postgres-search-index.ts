import { sql } from 'kysely';
import { tokenize, type SearchToken } from '#common/text/search-tokens.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import type { Executor } from '#server/db/database.ts';
import { bumpGeneration, readGeneration } from './generation.ts';
import { EXACT_WEIGHT } from './ranking.ts';
import { itemIdRange, itemKeyOf, passageIdOf, SEQ_SPAN } from './passage-id.ts';
import type { EngineQuery, ItemDocument, MatchClause, SearchIndex } from './search-index.ts';

const BATCH = 200;
const ITEM_DIVISOR = sql.raw(String(SEQ_SPAN));
// PostgreSQL keeps word positions up to 16383.
const MAX_POSITION = 16383;
// ts_rank_cd weighs words close together (cover density): the nearness boost comes with it.
// Normalisation 1 divides by 1 + log(length), as BM25 favours shorter passages.
const NORMALIZATION = 1;

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

/** The score of a row: the required clause by cover density, plus each boost (exact forms weigh more). */
function scoreOf(query: EngineQuery) {
  const parts = [query.required, ...query.boosts].map((clause) => {
    const weight = clause.form === 'exact' ? EXACT_WEIGHT : 1;
    return sql`${weight}::float8 * ts_rank_cd(${columnOf(clause)}, ${tsqueryLiteral(clause)}::tsquery, ${NORMALIZATION})`;
  });
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** The PostgreSQL implementation: tsvector columns with GIN indexes beside each passage. */
export function createPostgresSearchIndex(db: Executor): SearchIndex {
  return {
    async replaceItem(document: ItemDocument) {
      await this.removeItem(document.kind, document.itemId);
      for (let i = 0; i < document.passages.length; i += BATCH) {
        const rows = document.passages.slice(i, i + BATCH).map((p) => {
          const tokens = tokenize(normalizeText(p.body));
          return sql`(${passageIdOf(document.kind, document.itemId, p.seq)}, ${document.kind}, ${document.itemId},
            ${p.seq}, ${p.part ?? null}, ${p.anchor ?? null}, ${p.startSeconds ?? null}, ${p.body},
            ${tsvectorLiteral(tokens, 'exact')}::tsvector, ${tsvectorLiteral(tokens, 'folded')}::tsvector)`;
        });
        await sql`INSERT INTO search_passages (id, kind, item_id, seq, part, anchor, start_seconds, body, exact_tsv, folded_tsv)
          VALUES ${sql.join(rows)}`.execute(db);
      }
    },

    async removeItem(kind, itemId) {
      const [from, to] = itemIdRange(itemKeyOf(kind, itemId));
      await db.deleteFrom('search_passages').where('id', '>=', from).where('id', '<=', to).execute();
      await bumpGeneration(db);
    },

    async clearKind(kind) {
      await db.deleteFrom('search_passages').where('kind', '=', kind).execute();
      await bumpGeneration(db);
    },

    async rankItems(query, within) {
      const range =
        within === undefined ? sql`` : sql`AND id BETWEEN ${itemIdRange(within)[0]} AND ${itemIdRange(within)[1]}`;
      const { rows } = await sql<{ item: string; best: number; n: string }>`
        SELECT id / ${ITEM_DIVISOR} AS item, max(${scoreOf(query)}) AS best, count(*) AS n
        FROM search_passages WHERE ${matches(query.required)} ${range}
        GROUP BY item`.execute(db);
      return rows.map((r) => ({ itemKey: Number(r.item), score: Number(r.best), passages: Number(r.n) }));
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

    async wordStatistics(minPassages) {
      // ts_stat reads every tsvector once per column (in C: seconds at a million passages).
      const frequent: { form: 'exact' | 'folded'; term: string }[] = [];
      let exactTokens = 0;
      for (const form of ['exact', 'folded'] as const) {
        const column = form === 'exact' ? 'exact_tsv' : 'folded_tsv';
        const { rows } = await sql<{ word: string; ndoc: number; nentry: number }>`
          SELECT word, ndoc, nentry FROM ts_stat(${`SELECT ${column} FROM search_passages`})`.execute(db);
        for (const r of rows) {
          if (form === 'exact') exactTokens += Number(r.nentry);
          if (Number(r.ndoc) >= minPassages) frequent.push({ form, term: r.word });
        }
      }
      return { passages: await this.size(), tokens: exactTokens * 2, frequent };
    },

    // ts_stat would read every tsvector: answering ahead is left to the answer store's own use here.
    async frequentTerms() {
      return [];
    },

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
