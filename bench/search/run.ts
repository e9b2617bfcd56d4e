// `npm run bench:search`: the search engine on a large library. Builds a SQLite library from
// ../shared/corpus repeated (and perturbed) up to N passages, times the full index build, then
// runs a fixed mix of ~60 queries cold and warm through the search service and the raw engine,
// and compares the service's ranking with an exact top 20 computed in SQL. Asserts nothing.
// See bench/search/README.md.
//
//   npm run bench:search -- [--passages 1000000] [--queries 5] [--dir PATH [--reuse]] [--seed S]
//                           [--engine sqlite|postgres [--pg-url URL]] [--load [--clients 16] [--requests 40]]
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { SearchResult } from '#common/contracts/search.schema.ts';
import { queryWords } from '#common/text/search-tokens.ts';
import { hasDiacritics } from '#common/text/vietnamese.ts';
import { openDatabase, type Database } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { loadEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { createDiskMediaStorage } from '#server/media/media-storage.ts';
import { createRepositories, type Repositories } from '#server/repositories/index.ts';
import pg from 'pg';
import { compileQuery, idf, passageWords, scorePassage } from '#server/search/bm25.ts';
import { boostsMayWiden, clauseExpression, queryExpression } from '#server/search/fts5-search-index.ts';
import { tsqueryLiteral } from '#server/search/postgres-search-index.ts';
import { ITEM_SPAN, itemKeyOf, RESULT_TYPE_OF_KIND, SearchKind, SEQ_SPAN } from '#server/search/passage-id.ts';
import type { EngineQuery, MatchClause } from '#server/search/search-index.ts';
import { indexArticle, indexBook, SEARCH_INDEX_VERSION } from '#server/services/search-indexer.service.ts';
import type { PlanChoice } from '#server/search/query-plan.ts';
import { conditionClauses } from '#server/services/search-query.ts';
import { createSearchService, planQuery } from '#server/services/search.service.ts';
import { createServices, type Services } from '#server/services/index.ts';
import {
  articleRows,
  bookRows,
  readArticles,
  readBooks,
  readDistractors,
  type CategoryPlan,
  hashSeed,
  prng,
  type CorpusDocument,
} from './corpus.ts';
import { buildQueries, describe, QUERY_CLASSES, type BenchQuery, type QueryClass } from './queries.ts';
import { int, mib, ms, seconds, startRssSampler, summarize, table, type Summary } from './stats.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CORPUS_DIR = path.resolve(root, '..', 'shared', 'corpus');
const CATEGORIES_FILE = path.join(root, 'data', 'demo', 'categories.json');
const DB_NAME = 'search-bench.sqlite';
// Bump when the library built for the same options changes (perturbation, rows): --reuse rebuilds.
const LIBRARY_VERSION = '2';
const LIBRARY_KEY = 'bench_search_library';
const TOP = 20;

const out = (line = '') => process.stdout.write(`${line}\n`);
const progress = (line: string) => process.stderr.write(`  … ${line}\n`);

// ---------------------------------------------------------------------------------------------
// Options

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    'Usage: npm run bench:search -- [--passages N] [--queries K] [--engine sqlite] [--dir PATH] [--reuse]\n' +
      '         [--seed TEXT] [--tx N] [--index rebuild|batched] [--reindex] [--skip-warmup]\n' +
      '         [--pg-url URL] [--pg-database NAME] [--load [--clients N] [--requests N]]',
  );
  process.exit(2);
}

function positiveInt(value: string, flag: string): number {
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) usage(`${flag} must be a positive integer, got ${JSON.stringify(value)}`);
  return n;
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      passages: { type: 'string', default: '1000000' },
      queries: { type: 'string', default: '5' },
      engine: { type: 'string', default: 'sqlite' },
      dir: { type: 'string' },
      reuse: { type: 'boolean', default: false },
      seed: { type: 'string', default: 'phap-bao' },
      tx: { type: 'string', default: '20000' },
      index: { type: 'string', default: 'rebuild' },
      reindex: { type: 'boolean', default: false },
      'skip-warmup': { type: 'boolean', default: false },
      'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
      'pg-database': { type: 'string', default: 'phap_bao_search_bench' },
      load: { type: 'boolean', default: false },
      clients: { type: 'string', default: '16' },
      requests: { type: 'string', default: '40' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
if (parsed.help) usage();
const options = {
  passages: positiveInt(parsed.passages, '--passages'),
  repetitions: positiveInt(parsed.queries, '--queries'),
  engine: parsed.engine,
  dir: parsed.dir ? path.resolve(parsed.dir) : undefined,
  reuse: parsed.reuse,
  seed: parsed.seed,
  txPassages: positiveInt(parsed.tx, '--tx'),
  index: parsed.index,
  reindex: parsed.reindex,
  skipWarmUp: parsed['skip-warmup'],
  pgUrl: parsed['pg-url'],
  pgDatabase: parsed['pg-database'],
  load: parsed.load,
  clients: positiveInt(parsed.clients, '--clients'),
  requests: positiveInt(parsed.requests, '--requests'),
};
if (options.engine !== 'sqlite' && options.engine !== 'postgres')
  usage(`--engine must be sqlite or postgres, got ${JSON.stringify(options.engine)}`);
const onPostgres = options.engine === 'postgres';
// PostgreSQL: a database of its own on the server of --pg-url (created, and dropped after the run
// unless --reuse keeps it), never the one DATABASE_URL names.
// Its own database (several benchmarks may run beside each other): a plain identifier only.
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.pgDatabase)) usage('--pg-database must be a lower-case identifier');
const PG_DATABASE = options.pgDatabase;
if (options.index !== 'rebuild' && options.index !== 'batched') usage('--index must be rebuild or batched');
if (options.reuse && !options.dir && !onPostgres)
  usage('--reuse needs --dir (the temporary folder is removed after each run)');

// ---------------------------------------------------------------------------------------------
// The machine

function machine() {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  let nproc = String(os.availableParallelism());
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    // not every system has nproc
  }
  return {
    nproc,
    model,
    memory: mib(os.totalmem()),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------------------------------------
// Building the library

interface LibraryTotals {
  books: number;
  chapters: number;
  articles: number;
  paragraphs: number;
  /** Passages the indexer will make (title blocks, headings, paragraphs). */
  passages: number;
  copies: number;
}

type Pending =
  { kind: 'book'; rows: ReturnType<typeof bookRows> } | { kind: 'article'; rows: ReturnType<typeof articleRows> };

async function buildLibrary(database: Database, target: number): Promise<LibraryTotals> {
  const plan = JSON.parse(fs.readFileSync(CATEGORIES_FILE, 'utf8')) as CategoryPlan;
  const categoryIds = new Map<string, number>();
  await database.db.transaction().execute(async (trx) => {
    const repos = createRepositories(trx);
    for (const [i, category] of plan.categories.entries())
      categoryIds.set(category.slug, await repos.articles.insertCategory({ ...category, position: i + 1 }));
  });

  const books = readBooks(CORPUS_DIR);
  const articles = readArticles(CORPUS_DIR);
  const totals: LibraryTotals = { books: 0, chapters: 0, articles: 0, paragraphs: 0, passages: 0, copies: 0 };
  let pending: Pending[] = [];
  let pendingPassages = 0;
  let reported = 0;

  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    pendingPassages = 0;
    await database.db.transaction().execute(async (trx) => {
      const repos = createRepositories(trx);
      for (const item of batch) {
        if (item.kind === 'book') await repos.books.insertWithChapters(item.rows.book, item.rows.chapters);
        else await repos.articles.insert(item.rows.article);
      }
    });
    if (totals.passages - reported >= 100_000) {
      reported = totals.passages;
      progress(`${int(totals.passages)} passages inserted (copy ${totals.copies})`);
    }
  };

  const add = async (item: Pending) => {
    pending.push(item);
    pendingPassages += item.rows.passages;
    totals.passages += item.rows.passages;
    totals.paragraphs += item.rows.paragraphs;
    if (item.kind === 'book') {
      totals.books++;
      totals.chapters += item.rows.chapters.length;
    } else totals.articles++;
    if (pendingPassages >= options.txPassages) await flush();
  };

  const article = (doc: CorpusDocument, copy: number) =>
    add({ kind: 'article', rows: articleRows(doc, copy, options.seed, plan, categoryIds) });

  for (let copy = 0; totals.passages < target; copy++) {
    totals.copies = copy + 1;
    for (const doc of books) {
      if (totals.passages >= target) break;
      await add({ kind: 'book', rows: bookRows(doc, copy, options.seed) });
    }
    for (const doc of articles) {
      if (totals.passages >= target) break;
      await article(doc, copy);
    }
    for await (const doc of readDistractors(CORPUS_DIR)) {
      if (totals.passages >= target) break;
      await article(doc, copy);
    }
  }
  await flush();
  return totals;
}

/** The alternative to rebuild(): indexBook / indexArticle in transactions of about --tx passages. */
async function indexBatched(database: Database): Promise<number> {
  const repos = createRepositories(database.db);
  for (const kind of [SearchKind.book, SearchKind.article]) await repos.search.clearKind(kind);
  const bookIds = (await repos.books.listForLibrary({ statuses: ['published'] })).map((b) => b.id);
  const articleIds = await repos.articles.listPublishedIds();
  const jobs: ((r: Repositories) => Promise<void>)[] = [
    ...bookIds.map((id) => (r: Repositories) => indexBook(r, id)),
    ...articleIds.map((id) => (r: Repositories) => indexArticle(r, id)),
  ];
  // About 100 passages per item on average: --tx passages ≈ tx / 100 items per transaction.
  const perTransaction = Math.max(1, Math.round(options.txPassages / 100));
  for (let i = 0; i < jobs.length; i += perTransaction) {
    await database.db.transaction().execute(async (trx) => {
      const r = createRepositories(trx);
      for (const job of jobs.slice(i, i + perTransaction)) await job(r);
    });
  }
  await repos.meta.set('search_index_version', SEARCH_INDEX_VERSION);
  return repos.search.size();
}

function fileSize(file: string): number {
  return fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
}

function removeDatabaseFiles(file: string) {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
}

// ---------------------------------------------------------------------------------------------
// Measuring queries

/** The same rule as the service's condition terms: a phrase, exact when typed with diacritics. */
function conditionClause(text: string): MatchClause | null {
  const words = queryWords(text);
  if (words.folded.length === 0) return null;
  return hasDiacritics(text)
    ? { form: 'exact', words: words.exact, phrase: true }
    : { form: 'folded', words: words.folded, phrase: true };
}

interface Measured {
  query: BenchQuery;
  plan: EngineQuery | null;
  within: number | undefined;
  cold: number[];
  warm: number[];
  engine: number[];
  /** The service's answer cache emptied, the stored answer (if any) kept. */
  stored: number[];
  /** The engine calls choosing the passages shown for the items of page 1 (see pagePassages). */
  match: number[];
  /** From the service: matching items (all types) and items of the request's type. */
  items: number;
  total: number;
  /** From the engine: passages matching the plan (all items). */
  passages: number;
  suggestion: string | null;
  overlap: number | null;
  sameOrder: boolean | null;
  /** The first five items are the exact top 5, in order. */
  sameTop5: boolean | null;
  /** The plan the service chose (decision 0057), with its estimate; null inside one item. */
  choice: PlanChoice | null;
  /** Cold, every search of the library forced through the postings / the full ranking. */
  coldPostings: number[];
  coldFull: number[];
  /** The forced plans' answers equal the chosen plan's (items, passages, counts, totals). */
  samePlans: boolean;
}

/**
 * The exact top 20 in plain SQL: every matching passage, items ranked by their best passage's
 * bm25(search_fts, 2, 1) (lower is better), ties by item key; then the conditions, the type and
 * the book. No limit anywhere: the reference the service's answer is compared with.
 */
async function exactTop(database: Database, m: Measured): Promise<number[]> {
  if (!m.plan) return [];
  if (onPostgres) return exactTopInJavaScript(database, m);
  const range =
    m.within === undefined
      ? sql``
      : // Integer literals: FTS5 ignores rowid limits bound as REAL (what a JavaScript number becomes).
        sql`AND rowid BETWEEN ${sql.raw(String(m.within * SEQ_SPAN))} AND ${sql.raw(String(m.within * SEQ_SPAN + SEQ_SPAN - 1))}`;
  const divisor = sql.raw(String(SEQ_SPAN));
  // Hits are the passages of the required words; boosts only add to their scores.
  const requiredOnly = boostsMayWiden(m.plan)
    ? sql`AND +rowid IN (SELECT rowid FROM search_fts WHERE search_fts MATCH ${clauseExpression(m.plan.required)} ${range})`
    : sql``;
  const { rows } = await sql<{ item: number; best: number }>`
    WITH hits AS MATERIALIZED (
      SELECT rowid AS id, bm25(search_fts, 2, 1) AS s FROM search_fts WHERE search_fts MATCH ${queryExpression(m.plan)} ${range} ${requiredOnly}
    )
    SELECT id / ${divisor} AS item, min(s) AS best FROM hits GROUP BY item ORDER BY best, item`.execute(database.db);
  let items = rows.map((r) => Number(r.item));
  for (const text of m.query.request.conditions) {
    const clause = conditionClause(text);
    if (!clause) continue;
    const allowed = await sql<{ item: number }>`
      SELECT DISTINCT rowid / ${divisor} AS item FROM search_fts WHERE search_fts MATCH ${clauseExpression(clause)}`.execute(
      database.db,
    );
    const set = new Set(allowed.rows.map((r) => Number(r.item)));
    items = items.filter((i) => set.has(i));
  }
  const type = m.query.request.type;
  if (type !== 'all') items = items.filter((i) => RESULT_TYPE_OF_KIND[Math.floor(i / ITEM_SPAN)] === type);
  return items.slice(0, TOP);
}

/** The library's passages and tokens (both columns), for BM25 computed outside FTS5. */
let libraryTotals: { passages: number; tokens: number } | null = null;
async function totalsOf(database: Database) {
  if (libraryTotals) return libraryTotals;
  const totals = { passages: 0, tokens: 0 };
  for (let after = -1; ;) {
    const rows = await database.db
      .selectFrom('search_passages')
      .select(['id', 'body'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(10_000)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      totals.passages++;
      totals.tokens += passageWords(row.body).exact.length * 2;
    }
    after = Number(rows[rows.length - 1]!.id);
  }
  return (libraryTotals = totals);
}

/**
 * The same exact top 20 on PostgreSQL, where there is no bm25(): every passage matching the
 * required words fetched and scored by server/search/bm25.ts (FTS5's formula, tested equal to it),
 * the IDFs from counts of the phrases' matches; then the conditions, the type and the book.
 */
async function exactTopInJavaScript(database: Database, m: Measured): Promise<number[]> {
  const plan = m.plan!;
  const compiled = compileQuery(plan);
  const totals = await totalsOf(database);
  const column = (form: string) => sql.ref(form === 'exact' ? 'exact_tsv' : 'folded_tsv');
  const idfs: number[] = [];
  for (const phrase of compiled.phrases) {
    const literal = tsqueryLiteral({ form: phrase.form, words: phrase.words, phrase: true });
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM search_passages WHERE ${column(phrase.form)} @@ ${literal}::tsquery`.execute(
      database.db,
    );
    idfs.push(idf(totals.passages, Number(rows[0]?.n ?? 0)));
  }
  const range =
    m.within === undefined
      ? sql``
      : sql`AND id BETWEEN ${m.within * SEQ_SPAN} AND ${m.within * SEQ_SPAN + SEQ_SPAN - 1}`;
  const { rows } = await sql<{ id: string; body: string }>`
    SELECT id, body FROM search_passages
    WHERE ${column(plan.required.form)} @@ ${tsqueryLiteral(plan.required)}::tsquery ${range}`.execute(database.db);
  const best = new Map<number, number>();
  for (const row of rows) {
    const score = scorePassage(compiled, passageWords(row.body), { ...totals, idf: idfs });
    if (score === null) continue;
    const item = Math.floor(Number(row.id) / SEQ_SPAN);
    if (!best.has(item) || score > best.get(item)!) best.set(item, score);
  }
  let items = [...best].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([item]) => item);
  const repos = createRepositories(database.db);
  for (const text of m.query.request.conditions) {
    const clause = conditionClause(text);
    if (!clause) continue;
    const allowed = await repos.search.matchingItems(clause);
    items = items.filter((i) => allowed.has(i));
  }
  const type = m.query.request.type;
  if (type !== 'all') items = items.filter((i) => RESULT_TYPE_OF_KIND[Math.floor(i / ITEM_SPAN)] === type);
  return items.slice(0, TOP);
}

async function keyNames(database: Database): Promise<Map<string, number>> {
  const names = new Map<string, number>();
  for (const b of await database.db.selectFrom('books').select(['id', 'code']).execute())
    names.set(`book:${b.code}`, itemKeyOf(SearchKind.book, b.id));
  for (const a of await database.db.selectFrom('articles').select(['id', 'slug']).execute())
    names.set(`article:${a.slug}`, itemKeyOf(SearchKind.article, a.id));
  return names;
}

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

// The service's CANDIDATE_PASSAGES and CANDIDATE_PASSAGES_IN_BOOK (not exported; 40 and 500 as of
// 22 Nov 2026, 21:11 UTC): how many matching passages of an item it reads to choose the ones shown.
const CANDIDATES = 40;
const CANDIDATES_IN_BOOK = 500;

/**
 * The engine's part of choosing which passages of a page's items to show, whichever the tree has:
 * `matchingPassages(plan.required, item, CANDIDATES)` (the passages are then scored in JavaScript)
 * or, before that, `bestPassages(plan, item, 3)` (FTS5 bm25()).
 */
function pagePassages(
  search: Repositories['search'],
): { label: string; call: (plan: EngineQuery, item: number, inBook: boolean) => Promise<unknown> } | null {
  const methods = search as unknown as Record<string, unknown>;
  const matching = methods['matchingPassages'];
  if (typeof matching === 'function') {
    return {
      label: `\`matchingPassages(plan.required, item, ${CANDIDATES})\` (${CANDIDATES_IN_BOOK} inside a book)`,
      call: (plan, item, inBook) =>
        (matching as (c: MatchClause, k: number, l: number) => Promise<unknown>).call(
          search,
          plan.required,
          item,
          inBook ? CANDIDATES_IN_BOOK : CANDIDATES,
        ),
    };
  }
  const best = methods['bestPassages'];
  if (typeof best === 'function') {
    return {
      label: '`bestPassages(plan, item, 3)`',
      call: (plan, item) =>
        (best as (q: EngineQuery, k: number, l: number) => Promise<unknown>).call(search, plan, item, 3),
    };
  }
  return null;
}

/** Answers the service stored in the database (search_answers, when the tree has it). */
async function storedAnswersTable(database: Database): Promise<boolean> {
  if (onPostgres) return true;
  const { rows } = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'search_answers'`.execute(database.db);
  return rows.length > 0;
}

async function forgetStoredAnswers(database: Database, hasTable: boolean) {
  if (hasTable) await sql`DELETE FROM search_answers`.execute(database.db);
}

async function measureQueries(database: Database, services: Services, queries: BenchQuery[]): Promise<Measured[]> {
  const repos = createRepositories(database.db);
  const names = await keyNames(database);
  const page = pagePassages(repos.search);
  const hasStore = await storedAnswersTable(database);
  /** Nothing cached anywhere: the process's answers and the stored ones. */
  const forgetAll = async () => {
    services.search.invalidate();
    await forgetStoredAnswers(database, hasStore);
  };
  const measured: Measured[] = [];
  for (const query of queries) {
    let within: number | undefined;
    if (query.request.bookCode) {
      const book = await repos.books.findByCode(query.request.bookCode);
      within = itemKeyOf(SearchKind.book, book?.id ?? 0);
    }
    measured.push({
      query,
      plan: planQuery(query.request.query, query.request.mode),
      within,
      cold: [],
      warm: [],
      engine: [],
      stored: [],
      match: [],
      items: 0,
      total: 0,
      passages: 0,
      suggestion: null,
      overlap: null,
      sameOrder: null,
      sameTop5: null,
      choice: null,
      coldPostings: [],
      coldFull: [],
      samePlans: true,
    });
  }

  // The same service with each plan forced: the cold time of both plans beside the chosen one.
  const forced = {
    postings: createSearchService({ repos, logger: createLogger('silent'), options: { plan: 'postings' } }),
    full: createSearchService({ repos, logger: createLogger('silent'), options: { plan: 'full' } }),
  };
  const answerOf = (r: SearchResult) => JSON.stringify([r.items, r.total, r.countsByType, r.countsCapped]);
  for (const m of measured)
    if (m.plan && m.within === undefined)
      m.choice = await repos.search.postings.choosePlan(m.plan, conditionClauses(m.query.request.conditions));

  // One pass not counted: SQLite's page cache and the JIT warm up.
  const warmupStarted = performance.now();
  for (const m of measured) {
    await forgetAll();
    await services.search.search(m.query.request);
  }
  progress(`warm-up pass: ${seconds(performance.now() - warmupStarted)} for ${measured.length} queries`);

  for (let rep = 0; rep < options.repetitions; rep++) {
    const started = performance.now();
    for (const m of measured) {
      await forgetAll();
      const [cold, result] = await time<SearchResult>(() => services.search.search(m.query.request));
      m.cold.push(cold);
      m.items = result.countsByType.all;
      m.total = result.total;
      m.suggestion = result.suggestion;
      for (const plan of ['postings', 'full'] as const) {
        await forgetAll();
        forced[plan].invalidate();
        const [coldForced, forcedResult] = await time<SearchResult>(() => forced[plan].search(m.query.request));
        (plan === 'postings' ? m.coldPostings : m.coldFull).push(coldForced);
        if (answerOf(forcedResult) !== answerOf(result)) m.samePlans = false;
      }
      await forgetAll();
      await services.search.search(m.query.request);
      services.search.invalidate();
      const [stored] = await time(() => services.search.search(m.query.request));
      m.stored.push(stored);
      const [warm] = await time(() => services.search.search(m.query.request));
      m.warm.push(warm);
      if (m.plan) {
        const plan = m.plan;
        const [engine, hits] = await time(() => repos.search.rankItems(plan, m.within));
        m.engine.push(engine);
        m.passages = hits.reduce((n, h) => n + h.passages, 0);
        if (page) {
          const keys = result.items.map((i) => names.get(`${i.type}:${i.key}`) ?? -1);
          const inBook = m.within !== undefined;
          const [match] = await time(() => Promise.all(keys.map((k) => page.call(plan, k, inBook))));
          m.match.push(match);
        }
      }
    }
    progress(`repetition ${rep + 1}/${options.repetitions}: ${seconds(performance.now() - started)}`);
  }
  return measured;
}

async function measureQuality(database: Database, services: Services, measured: Measured[]) {
  const names = await keyNames(database);
  for (const m of measured) {
    const request = { ...m.query.request, page: 1, perPage: TOP };
    // Twice, the process cache emptied each time: the first call makes (and, when it is slow
    // enough, stores) the answer, the second reads the stored answer back where there is one.
    services.search.invalidate();
    await services.search.search(request);
    services.search.invalidate();
    const answer = await services.search.search(request);
    const got = answer.items.map((i) => names.get(`${i.type}:${i.key}`) ?? -1);
    const expected = await exactTop(database, m);
    if (expected.length === 0 && got.length === 0) continue;
    const set = new Set(got);
    m.overlap = expected.length === 0 ? 0 : expected.filter((k) => set.has(k)).length / expected.length;
    m.sameOrder = got.length === expected.length && got.every((k, i) => k === expected[i]);
    m.sameTop5 = expected.slice(0, 5).every((k, i) => got[i] === k) && got.length >= Math.min(5, expected.length);
  }
}

// ---------------------------------------------------------------------------------------------
// Main

const started = new Date();
const info = machine();
const startupRss = process.memoryUsage.rss();
const sampler = startRssSampler();
const phases: { name: string; ms: number; peakRss: number }[] = [];
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  sampler.reset();
  const t = performance.now();
  const result = await work();
  phases.push({ name, ms: performance.now() - t, peakRss: sampler.peak() });
  return result;
}

const tempDir = options.dir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-bench-search-'));
const dir = options.dir ?? tempDir!;
fs.mkdirSync(dir, { recursive: true });
const dbFile = path.join(dir, DB_NAME);
const cleanup = () => {
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

out(`# Search benchmark — ${started.toISOString()}`);
out();
out(
  `Machine: nproc ${info.nproc}, CPU "${info.model}", ${info.memory} RAM, ${info.platform}, Node ${info.node}; ` +
    `load average ${loadAverage()}`,
);

/** The schema the library was made with: a migration edited in place (not shipped yet) means a new library. */
function migrationsHash(): string {
  const dir = path.join(root, 'server', 'db', 'migrations');
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(dir).sort()) hash.update(name).update(fs.readFileSync(path.join(dir, name)));
  return hash.digest('hex').slice(0, 16);
}
const wanted = JSON.stringify({
  passages: options.passages,
  seed: options.seed,
  version: LIBRARY_VERSION,
  schema: migrationsHash(),
});
let database: Database | null = null;
let reused = false;
const pgAdmin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: options.pgUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};
const pgDatabaseUrl = () => {
  const url = new URL(options.pgUrl);
  url.pathname = `/${PG_DATABASE}`;
  return url.toString();
};
if (onPostgres) {
  const exists = await pgAdmin(
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_DATABASE])).rowCount === 1,
  );
  if (options.reuse && exists) {
    database = openDatabase({ databaseUrl: pgDatabaseUrl() });
    await migrateToLatest(database);
    const repos = createRepositories(database.db);
    const have = await repos.meta.get(LIBRARY_KEY);
    if (have === wanted && (await repos.meta.get('search_index_version')) === SEARCH_INDEX_VERSION) reused = true;
    else {
      await database.close();
      database = null;
    }
  }
  if (!database) {
    await pgAdmin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${PG_DATABASE}`);
    });
    database = openDatabase({ databaseUrl: pgDatabaseUrl() });
    await migrateToLatest(database);
  }
} else if (options.reuse && fs.existsSync(dbFile)) {
  database = openDatabase({ sqlitePath: dbFile });
  await migrateToLatest(database);
  const repos = createRepositories(database.db);
  const have = await repos.meta.get(LIBRARY_KEY);
  if (have === wanted && (await repos.meta.get('search_index_version')) === SEARCH_INDEX_VERSION) reused = true;
  else {
    await database.close();
    database = null;
  }
}
if (!database) {
  // SQLite (PostgreSQL made its database above).
  removeDatabaseFiles(dbFile);
  database = openDatabase({ sqlitePath: dbFile });
  await migrateToLatest(database);
}
if (onPostgres) {
  const version = (await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(database.db)).rows[0]
    ?.v;
  out(`Engine: PostgreSQL ${version} (tsvector + GIN), database ${PG_DATABASE} on ${new URL(options.pgUrl).host}`);
} else {
  const sqliteVersion = (await sql<{ v: string }>`SELECT sqlite_version() AS v`.execute(database.db)).rows[0]?.v;
  out(`Engine: SQLite ${sqliteVersion} (better-sqlite3, FTS5, WAL), file ${dbFile}`);
}
out(
  `Options: --passages ${int(options.passages)} --queries ${options.repetitions} --seed ${options.seed} ` +
    `--tx ${int(options.txPassages)} --index ${options.index}${reused ? ' (library reused)' : ''}`,
);
out();

const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });
const services = createServices({
  database,
  env,
  logger: createLogger('silent'),
  media: createDiskMediaStorage(env.MEDIA_DIR),
  demoDir: path.join(root, 'data', 'demo'),
});

const queries = await phase('query mix (reads the corpus)', () => buildQueries(CORPUS_DIR, options.seed));

let totals: LibraryTotals | null = null;
let indexed = 0;
let walAfterBuild = 0;
let mainAfterBuild = 0;
let walAfterReindex = 0;
if (!reused) {
  const db = database;
  progress(`building the library up to ${int(options.passages)} passages…`);
  totals = await phase('insert content (no indexing)', () => buildLibrary(db, options.passages));
  progress(`indexing (${options.index})…`);
  indexed = await phase(`index build (${options.index === 'rebuild' ? 'searchIndexer.rebuild()' : 'batched'})`, () =>
    options.index === 'rebuild' ? services.searchIndexer.rebuild() : indexBatched(db),
  );
  mainAfterBuild = fileSize(dbFile);
  walAfterBuild = fileSize(`${dbFile}-wal`);
  await createRepositories(db.db).meta.set(LIBRARY_KEY, wanted);
} else {
  indexed = await createRepositories(database.db).search.size();
}
/** The database's size on disk: the SQLite file (+ -wal), or PostgreSQL's pg_database_size. */
async function databaseBytes(database: Database): Promise<number> {
  if (!onPostgres) return fileSize(dbFile);
  const { rows } = await sql<{ n: string }>`SELECT pg_database_size(current_database()) AS n`.execute(database.db);
  return Number(rows[0]?.n ?? 0);
}
if (onPostgres && !reused) mainAfterBuild = await databaseBytes(database);
if (options.reindex) {
  // What a start after a SEARCH_INDEX_VERSION bump does: rebuild() over a full index (clearKind first).
  if (!onPostgres) await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
  progress('rebuilding over the existing index (--reindex)…');
  const reindexed = await phase('index rebuild over the full index (--reindex)', () =>
    services.searchIndexer.rebuild(),
  );
  if (reindexed !== indexed) progress(`--reindex indexed ${int(reindexed)} passages, the build ${int(indexed)}`);
  walAfterReindex = fileSize(`${dbFile}-wal`);
}
if (onPostgres) {
  // What autovacuum would do in time: statistics for the planner after a bulk load.
  await phase('ANALYZE', async () => {
    await sql`ANALYZE`.execute(database.db);
  });
} else {
  await phase('checkpoint (wal_checkpoint TRUNCATE)', async () => {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
  });
}

// What the library holds.
const count = async (name: 'books' | 'chapters' | 'articles') =>
  Number(
    (
      await database.db
        .selectFrom(name)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
out('## Library and index');
out();
const libraryRows: string[][] = [
  ['books / chapters', `${int(await count('books'))} / ${int(await count('chapters'))}`],
  ['articles (incl. distractors)', int(await count('articles'))],
];
if (totals) {
  libraryRows.push(['corpus copies', String(totals.copies)]);
  libraryRows.push(['paragraphs', int(totals.paragraphs)]);
}
libraryRows.push(['passages indexed', int(indexed)]);
for (const p of phases.filter((p) => p.name.startsWith('insert') || p.name.startsWith('index'))) {
  libraryRows.push([`${p.name}: time`, seconds(p.ms)]);
  libraryRows.push([`${p.name}: peak RSS (sampled)`, mib(p.peakRss)]);
}
if (totals) {
  const build = phases.find((p) => p.name.startsWith('index'));
  if (build) libraryRows.push(['index build rate', `${int(indexed / (build.ms / 1000))} passages/s`]);
  libraryRows.push(
    onPostgres
      ? ['DB after build (pg_database_size)', mib(mainAfterBuild)]
      : ['DB after build: main + -wal', `${mib(mainAfterBuild)} + ${mib(walAfterBuild)}`],
  );
}
if (options.reindex) libraryRows.push(['-wal after --reindex', mib(walAfterReindex)]);
if (onPostgres) {
  libraryRows.push(['DB after ANALYZE (pg_database_size)', mib(await databaseBytes(database))]);
  const { rows } = await sql<{ name: string; bytes: string }>`
    SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY bytes DESC LIMIT 6`.execute(database.db);
  libraryRows.push([
    'largest tables with their indexes (pg_total_relation_size)',
    rows.map((r) => `${r.name} ${mib(Number(r.bytes))}`).join(', '),
  ]);
} else
  libraryRows.push([
    'DB after checkpoint: main + -wal',
    `${mib(fileSize(dbFile))} + ${mib(fileSize(`${dbFile}-wal`))}`,
  ]);
if (!onPostgres)
  try {
    const { rows } = await sql<{ name: string; bytes: number }>`
    SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 6`.execute(database.db);
    libraryRows.push(['largest tables (dbstat)', rows.map((r) => `${r.name} ${mib(Number(r.bytes))}`).join(', ')]);
  } catch {
    // dbstat is not compiled in every SQLite
  }
out(table(['what', 'value'], libraryRows));
out();

/** Rows and size of the answers the service stored (search_answers), or null when the tree has none. */
async function storedAnswersSize(database: Database): Promise<string | null> {
  if (!(await storedAnswersTable(database))) return null;
  const stored = await sql<{ n: number; bytes: number }>`
    SELECT count(*) AS n, coalesce(sum(length(answer)), 0) AS bytes FROM search_answers`.execute(database.db);
  let pages = '';
  if (!onPostgres)
    try {
      const { rows } = await sql<{ bytes: number }>`
      SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = 'search_answers'`.execute(database.db);
      pages = `, ${mib(Number(rows[0]?.bytes ?? 0))} of pages (dbstat)`;
    } catch {
      // dbstat is not compiled in every SQLite
    }
  const r = stored.rows[0];
  return (
    `${int(Number(r?.n ?? 0))} rows, ${mib(Number(r?.bytes ?? 0))} of JSON${pages}; ` +
    (onPostgres
      ? `database ${mib(await databaseBytes(database))}`
      : `database ${mib(fileSize(dbFile))} + ${mib(fileSize(`${dbFile}-wal`))} -wal`)
  );
}

// What a server does after start-up (server/main.ts): answer the frequent words ahead and store them.
const warmUp = (services.search as unknown as { warmUp?: () => Promise<{ queries: number; ms: number }> }).warmUp;
let warmed: { queries: number; ms: number } | null = null;
if (warmUp && !options.skipWarmUp) {
  await forgetStoredAnswers(database, await storedAnswersTable(database));
  services.search.invalidate();
  progress('search.warmUp()…');
  warmed = await phase('search.warmUp() (answers frequent words ahead)', () => warmUp.call(services.search));
  services.search.invalidate();
  out(`search.warmUp(): ${int(warmed.queries)} queries answered and stored in ${seconds(warmed.ms)}.`);
  out(`Stored answers after warmUp(): ${(await storedAnswersSize(database)) ?? '–'}.`);
  out();
}

progress(`measuring ${queries.length} queries × ${options.repetitions}…`);
const measured = await phase('queries', () => measureQueries(database, services, queries));
progress('comparing rankings with the exact top 20…');
await phase('ranking check', () => measureQuality(database, services, measured));

/**
 * --load: `--clients` concurrent clients, each asking `--requests` searches drawn from the mix
 * (seeded; pages 1–3), through the same service as a server, its caches on, nothing stored at the
 * start. One process: with SQLite the queries run one at a time (better-sqlite3 is synchronous),
 * so a request's time includes its wait; PostgreSQL answers on a pool of 10 connections.
 */
async function measureLoad() {
  await forgetStoredAnswers(database!, await storedAnswersTable(database!));
  services.search.invalidate();
  const latencies: number[] = [];
  const failures: string[] = [];
  const loadBefore = loadAverage();
  const began = performance.now();
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      const next = prng(hashSeed(`${options.seed}:load:${client}`));
      for (let i = 0; i < options.requests; i++) {
        const query = queries[Math.floor(next() * queries.length)]!;
        const request = { ...query.request, page: 1 + Math.floor(next() * 3) };
        const t = performance.now();
        try {
          await services.search.search(request);
          latencies.push(performance.now() - t);
        } catch (error) {
          failures.push(`${query.id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }),
  );
  return { latencies, failures, ms: performance.now() - began, loadBefore, loadAfter: loadAverage() };
}
const load = options.load ? await phase(`load (${options.clients} clients)`, measureLoad) : null;

// ---------------------------------------------------------------------------------------------
// Report

const row = (s: Summary) => [ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)];
out('## Latency by class (ms)');
out();
out(
  `${options.repetitions} repetitions of each query after one uncounted pass. Service calls: page 1, perPage 10. ` +
    'cold = nothing cached: `invalidate()` and, when the tree stores answers, `DELETE FROM search_answers`; ' +
    'stored = `invalidate()` only, right after (a stored answer is used if the cold call stored one); ' +
    'warm = the same request again (the process cache); engine = `repos.search.rankItems(planQuery(query, mode))` ' +
    `alone (no conditions, no page); match = ${pagePassages(createRepositories(database.db).search)?.label ?? '(none)'} ` +
    'for the items of page 1 at once (the engine part of choosing the passages shown; in every answer).',
);
out();
const classRows: string[][] = [];
for (const cls of [...QUERY_CLASSES, 'all'] as (QueryClass | 'all')[]) {
  const ms_ = measured.filter((m) => cls === 'all' || m.query.cls === cls);
  if (ms_.length === 0) continue;
  classRows.push([
    cls,
    String(ms_.length),
    ...row(summarize(ms_.flatMap((m) => m.cold))),
    ...row(summarize(ms_.flatMap((m) => m.stored))),
    ...row(summarize(ms_.flatMap((m) => m.warm))),
    ...row(summarize(ms_.flatMap((m) => m.engine))),
    ms(summarize(ms_.flatMap((m) => m.match)).p50),
  ]);
}
out(
  table(
    [
      'class',
      'queries',
      'cold p50',
      'p95',
      'p99',
      'max',
      'stored p50',
      'p95',
      'p99',
      'max',
      'warm p50',
      'p95',
      'p99',
      'max',
      'engine p50',
      'p95',
      'p99',
      'max',
      'match p50',
    ],
    classRows,
    [false, ...Array<boolean>(18).fill(true)],
  ),
);
out();

out('## Per query (ms, median of the repetitions)');
out();
out(
  'items = matching items of every type (countsByType.all); passages = passages matching the engine query; ' +
    `overlap = service top ${TOP} ∩ exact top ${TOP} (“=” when the order is identical too).`,
);
out();
out(
  table(
    [
      'id',
      'query',
      'items',
      'passages',
      'plan (est. full / postings)',
      'cold',
      'postings',
      'full',
      'stored',
      'warm',
      'engine',
      'match',
      `overlap@${TOP}`,
    ],
    measured.map((m) => [
      m.query.id,
      describe(m.query.request) + (m.suggestion ? ` → suggests "${m.suggestion}"` : ''),
      int(m.items),
      m.plan ? int(m.passages) : '–',
      m.choice
        ? `${m.choice.plan} (${ms(m.choice.fullCost / 1000)} / ${ms(m.choice.postingsCost / 1000)})${m.samePlans ? '' : ' ≠'}`
        : '–',
      ms(summarize(m.cold).p50),
      ms(summarize(m.coldPostings).p50),
      ms(summarize(m.coldFull).p50),
      ms(summarize(m.stored).p50),
      ms(summarize(m.warm).p50),
      ms(summarize(m.engine).p50),
      ms(summarize(m.match).p50),
      m.overlap === null ? 'n/a' : `${Math.round(m.overlap * 100)} %${m.sameOrder ? ' =' : ''}`,
    ]),
    [false, false, true, true, false, true, true, true, true, true, true, true, true],
  ),
);
out();

out('## Cold by plan (ms): the chosen plan, the postings forced, the full ranking forced');
out();
out(
  'plan above = the plan chosen, with the estimated cost of the full ranking and of the postings (ms, query-plan.ts); ' +
    '“≠” would mark a forced plan whose answer differs from the chosen one. ' +
    `Answers equal across plans: ${measured.filter((m) => m.samePlans).length}/${measured.length}.`,
);
out();
out(
  table(
    ['class', 'chosen p50', 'p95', 'p99', 'postings p50', 'p95', 'p99', 'full p50', 'p95', 'p99'],
    [...QUERY_CLASSES, 'all'].flatMap((cls) => {
      const of = measured.filter((m) => cls === 'all' || m.query.cls === cls);
      if (of.length === 0) return [];
      const three = (pick: (m: Measured) => number[]) => {
        const s_ = summarize(of.flatMap(pick));
        return [ms(s_.p50), ms(s_.p95), ms(s_.p99)];
      };
      return [[cls, ...three((m) => m.cold), ...three((m) => m.coldPostings), ...three((m) => m.coldFull)]];
    }),
    [false, ...Array<boolean>(9).fill(true)],
  ),
);
out();

out('## What the plan estimate read (passages, query-plan.ts)');
out();
out(
  table(
    ['id', 'required walk', 'boost walk', 'condition walk', 'companion words', 'cold postings', 'cold full'],
    measured
      .filter((m) => m.choice)
      .map((m) => [
        m.query.id,
        int(m.choice!.requiredWalk),
        int(m.choice!.boostWalk),
        int(m.choice!.conditionWalk),
        int(m.choice!.companionWords),
        ms(summarize(m.coldPostings).p50),
        ms(summarize(m.coldFull).p50),
      ]),
    [false, true, true, true, true, true, true],
  ),
);
out();

if (load) {
  const s_ = summarize(load.latencies);
  out(`## Under load (${options.clients} concurrent clients × ${options.requests} searches)`);
  out();
  out(
    table(
      ['requests', 'errors', 'p50', 'p95', 'p99', 'max', 'throughput', 'load average before → after'],
      [
        [
          int(load.latencies.length + load.failures.length),
          int(load.failures.length),
          ms(s_.p50),
          ms(s_.p95),
          ms(s_.p99),
          ms(s_.max),
          `${(load.latencies.length / (load.ms / 1000)).toFixed(1)} searches/s`,
          `${load.loadBefore} → ${load.loadAfter}`,
        ],
      ],
      [true, true, true, true, true, true, true, false],
    ),
  );
  if (load.failures.length > 0) out(`Errors: ${load.failures.slice(0, 5).join('; ')}`);
  out();
}

const judged = measured.filter((m) => m.overlap !== null);
const meanOverlap = judged.reduce((n, m) => n + (m.overlap ?? 0), 0) / Math.max(1, judged.length);
out('## Ranking quality');
out();
out(
  `Mean overlap@${TOP} of the service's top ${TOP} with the exact top ${TOP} (items by their best passage's ` +
    `bm25(search_fts, 2, 1) over all matches, conditions/type/book applied): ` +
    `**${(meanOverlap * 100).toFixed(1)} %** over ${judged.length} queries with results; ` +
    `identical order in ${judged.filter((m) => m.sameOrder).length}/${judged.length}; ` +
    `identical top 5 in ${judged.filter((m) => m.sameTop5).length}/${judged.length}` +
    (onPostgres ? ' (reference: server/search/bm25.ts over every match, as FTS5 would score them).' : '.'),
);
const differing = judged.filter((m) => (m.overlap ?? 1) < 1 || !m.sameOrder);
if (differing.length > 0) {
  out();
  out(
    `Differing: ${differing.map((m) => `${m.query.id} (${Math.round((m.overlap ?? 0) * 100)} %${m.sameOrder ? '' : ', order'})`).join(', ')}`,
  );
}
out();

out('## Phases and memory');
out();
out(
  table(
    ['phase', 'time', 'peak RSS (sampled)'],
    phases.map((p) => [p.name, seconds(p.ms), mib(p.peakRss)]),
    [false, true, true],
  ),
);
out();
const atEnd = await storedAnswersSize(database);
if (atEnd) {
  out(`Stored answers at the end of the run (search_answers): ${atEnd}.`);
  out();
}
const usage_ = process.resourceUsage();
const hwm = fs.existsSync('/proc/self/status')
  ? /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]
  : undefined;
out(
  `Peak RSS of the process: ${mib(usage_.maxRSS * 1024)} (process.resourceUsage().maxRSS)` +
    (hwm ? `, VmHWM ${mib(Number(hwm) * 1024)}` : '') +
    `; RSS at start-up (Node + tsx + modules) ${mib(startupRss)}` +
    `; total ${seconds(Date.now() - started.getTime())}; load average at the end ${loadAverage()}.`,
);

await database.close();
await sampler.stop();
cleanup();
if (onPostgres && !options.reuse)
  await pgAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
  });
