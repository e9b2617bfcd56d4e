import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchIndex } from '#server/search/index.ts';
import {
  clauseMatches,
  compileQuery,
  idf,
  passageWords,
  phrasePositions,
  scorePassage,
  type PassageWords,
} from '#server/search/bm25.ts';
import { itemKeyOf, passageIdOf, SearchKind, splitItemKey } from '#server/search/passage-id.ts';
import type { EngineQuery, ItemDocument, MatchClause, SearchIndex } from '#server/search/search-index.ts';
import { planQuery } from '#server/services/search.service.ts';
import { makeSearchDocument, SEARCH_KINDS, seededRandom } from '../factories/search-library.ts';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.ts';

/**
 * The ranking, tested below the HTTP layer: on generated libraries changed by inserts, edits and
 * deletes in random order, the engine's ranked items are compared with the exhaustive reference
 * of server/search/bm25.ts (every passage scored in JavaScript). On SQLite the scores are FTS5's
 * bm25 and must agree exactly; on PostgreSQL too (BM25 scored from the passages, decision 0028),
 * with the library's live totals; past the passages PostgreSQL re-reads, the items it ranks again
 * carry their exact scores.
 */

const engines = await availableEngines();

const QUERIES = [
  ['phật', 'strict'],
  ['phat', 'strict'],
  ['phật', 'broad'],
  ['và', 'strict'],
  ['của và là', 'broad'],
  ['và của', 'strict'],
  ['phật pháp', 'strict'],
  ['phat phap', 'strict'],
  ['pháp phật', 'broad'],
  ['hoà', 'strict'],
  ['hòa', 'broad'],
  ['thuỷ an', 'broad'],
  ['đạo', 'strict'],
  ['Ðạo tâm', 'broad'],
  ['dao', 'strict'],
  ['bồ tát', 'strict'],
  ['bo tat niet ban', 'broad'],
  ['chùa', 'strict'],
  ['duyên khởi', 'strict'],
  ['các không là', 'broad'],
] as const;

interface Ranked {
  itemKey: number;
  score: number;
  passages: number;
}

/**
 * Every passage of the library scored in JavaScript; items by their best passage, ties by key.
 * `totals`: the passages and tokens BM25's average length is taken over (the library's own, unless
 * given: FTS5's, see below).
 */
function exhaustive(
  library: Map<number, { words: PassageWords; itemKey: number }>,
  query: EngineQuery,
  totals?: { passages: number; tokens: number },
  /** `words`: a phrase of several words counts the passages of its rarest word (the postings' rule). */
  phraseIdf: 'phrase' | 'words' = 'phrase',
): Ranked[] {
  const compiled = compileQuery(query);
  const all = [...library.values()];
  const holding = (form: 'exact' | 'folded', words: string[]) =>
    all.filter((p) => phrasePositions(p.words[form], words).length > 0).length;
  const stats = {
    passages: totals?.passages ?? all.length,
    tokens: totals?.tokens ?? all.reduce((n, p) => n + p.words.exact.length * 2, 0),
    idf: compiled.phrases.map((phrase) =>
      idf(
        totals?.passages ?? all.length,
        phraseIdf === 'words'
          ? Math.min(...phrase.words.map((w) => holding(phrase.form, [w])))
          : holding(phrase.form, phrase.words),
      ),
    ),
  };
  const items = new Map<number, Ranked>();
  for (const p of all) {
    const score = scorePassage(compiled, p.words, stats);
    if (score === null) continue;
    const item = items.get(p.itemKey) ?? { itemKey: p.itemKey, score: -Infinity, passages: 0 };
    item.score = Math.max(item.score, score);
    item.passages++;
    items.set(p.itemKey, item);
  }
  return [...items.values()].sort((a, b) => b.score - a.score || a.itemKey - b.itemKey);
}

/** A generated library in a test database, with the reference's copy of every passage. */
function generatedLibrary(
  database: TestDatabase['database'],
  next: () => number,
  options: Parameters<typeof createSearchIndex>[1] = {},
) {
  const library = new Map<number, { words: PassageWords; itemKey: number }>();
  const items = new Map<number, ItemDocument>();
  // FTS5 with contentless_delete never takes a deleted row out of its row and token totals (its
  // "averages" record): its N and avgdl count every passage ever inserted. Kept here to compare.
  const inserted = { passages: 0, tokens: 0 };
  // One long-lived index for the deletes, as a server's repositories are; writes in transactions.
  const index = createSearchIndex(database.db, options);
  const forget = (key: number) => {
    for (const [id, p] of library) if (p.itemKey === key) library.delete(id);
  };
  const write = async (document: ItemDocument) => {
    await database.db.transaction().execute(async (trx) => createSearchIndex(trx, options).replaceItem(document));
    const key = itemKeyOf(document.kind, document.itemId);
    forget(key);
    for (const p of document.passages) {
      const words = passageWords(p.body);
      library.set(passageIdOf(document.kind, document.itemId, p.seq), { words, itemKey: key });
      inserted.passages++;
      inserted.tokens += words.exact.length * 2;
    }
    items.set(key, document);
  };
  const remove = async (document: ItemDocument) => {
    await index.removeItem(document.kind, document.itemId);
    forget(itemKeyOf(document.kind, document.itemId));
    items.delete(itemKeyOf(document.kind, document.itemId));
  };
  /** A new item of a random kind. */
  const insert = () =>
    write(
      makeSearchDocument(next, SEARCH_KINDS[Math.floor(next() * SEARCH_KINDS.length)]!, 1 + Math.floor(next() * 400)),
    );
  return {
    library,
    index,
    inserted,
    write,
    insert,
    /** An insert, an edit (new text, more or fewer passages) or a delete, at random. */
    async change() {
      const existing = [...items.values()];
      const dice = next();
      if (existing.length > 0 && dice < 0.3) await remove(existing[Math.floor(next() * existing.length)]!);
      else if (existing.length > 0 && dice < 0.65) {
        const old = existing[Math.floor(next() * existing.length)]!;
        await write(makeSearchDocument(next, old.kind, old.itemId));
      } else await insert();
    },
  };
}

describe.each(engines)('ranking on generated libraries (%s)', (engine) => {
  let db: TestDatabase;
  let index: SearchIndex;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    index = createSearchIndex(db.database.db);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('ranks as the exhaustive BM25 after inserts, edits and deletes in any order', async () => {
    const { library, inserted, change } = generatedLibrary(db.database, seededRandom(15));
    let checked = 0;
    let cappedChecked = 0;
    let wordByWordChecked = 0;
    for (let round = 0; round < 6; round++) {
      // A batch of writes in random order: new items, edits (new text, more or fewer passages), deletes.
      for (let op = 0; op < 25; op++) await change();
      expect(await index.size()).toBe(library.size);
      for (const [text, mode] of QUERIES) {
        const plan = planQuery(text, mode)!;
        const expected = exhaustive(library, plan, engine === 'sqlite' ? inserted : undefined);
        const got = (await index.rankItems(plan)).sort((a, b) => b.score - a.score || a.itemKey - b.itemKey);
        const label = `${text} (${mode}), round ${round}`;
        // The same items match, with the same number of matching passages, whatever the engine.
        expect(
          got.map((i) => [i.itemKey, i.passages]).sort((a, b) => a[0]! - b[0]!),
          label,
        ).toEqual(expected.map((i) => [i.itemKey, i.passages]).sort((a, b) => a[0]! - b[0]!));
        {
          // The engine's BM25 is the reference's, to rounding: each rank holds an item of the same score.
          got.forEach((item, rank) => {
            expect(item.score, `${label}: rank ${rank}`).toBeCloseTo(expected[rank]!.score, 9);
            expect(item.score, `${label}: item ${item.itemKey}`).toBeCloseTo(
              expected.find((e) => e.itemKey === item.itemKey)!.score,
              9,
            );
          });
        }
        if (engine === 'postgres') {
          // Past 5 matching passages, ts_rank_cd chooses the 4 items ranked again by BM25 (on top).
          const capped = (
            await createSearchIndex(db.database.db, { exactPassages: 5, rescoredItems: 4 }).rankItems(plan)
          ).sort((a, b) => b.score - a.score || a.itemKey - b.itemKey);
          expect(
            capped.map((i) => [i.itemKey, i.passages]).sort((a, b) => a[0]! - b[0]!),
            `${label}, capped`,
          ).toEqual(expected.map((i) => [i.itemKey, i.passages]).sort((a, b) => a[0]! - b[0]!));
          const matching = expected.reduce((n, i) => n + i.passages, 0);
          const rescored = capped.filter((i) => i.score >= 0);
          expect(rescored.length, `${label}, rescored`).toBe(
            matching > 5 ? Math.min(4, expected.length) : expected.length,
          );
          for (const item of rescored)
            expect(item.score, `${label}, capped item ${item.itemKey}`).toBeCloseTo(
              expected.find((e) => e.itemKey === item.itemKey)!.score,
              9,
            );
          if (matching > 5) cappedChecked++;
          // Of one-word phrases (no NEAR), BM25 counted word by word in SQL is the exact BM25: the
          // items it chooses to re-rank are the exact top ones (compared by score: ties may swap).
          const compiled = compileQuery(plan);
          if (compiled.phrases.every((p) => p.words.length === 1) && compiled.clauses.every((c) => c.kind !== 'near')) {
            const best = expected.slice(0, rescored.length).map((e) => e.score);
            rescored
              .map((i) => i.score)
              .sort((a, b) => b - a)
              .forEach((score, k) => expect(score, `${label}, chosen ${k}`).toBeCloseTo(best[k]!, 9));
            if (matching > 5) wordByWordChecked++;
          }

          // A condition (items holding "tâm" somewhere): the items re-ranked are chosen among those
          // it allows, so the page shown still starts with exact scores (decision 0037).
          const allowed = await index.matchingItems({ form: 'exact', words: ['tâm'], phrase: false });
          const expectedAllowed = expected.filter((e) => allowed.has(e.itemKey));
          const cappedOnly = await createSearchIndex(db.database.db, { exactPassages: 5, rescoredItems: 4 }).rankItems(
            plan,
            undefined,
            allowed,
          );
          expect(
            cappedOnly.map((i) => [i.itemKey, i.passages]).sort((a, b) => a[0]! - b[0]!),
            `${label}, capped with a condition`,
          ).toEqual(expectedAllowed.map((i) => [i.itemKey, i.passages]).sort((a, b) => a[0]! - b[0]!));
          const rescoredOnly = cappedOnly.filter((i) => i.score >= 0);
          // Up to 5 matching passages among the allowed items, every one is ranked exactly.
          const matchingAllowed = expectedAllowed.reduce((n, i) => n + i.passages, 0);
          expect(rescoredOnly.length, `${label}, rescored with a condition`).toBe(
            matchingAllowed > 5 ? Math.min(4, expectedAllowed.length) : expectedAllowed.length,
          );
          for (const item of rescoredOnly)
            expect(item.score, `${label}, capped item ${item.itemKey} with a condition`).toBeCloseTo(
              expectedAllowed.find((e) => e.itemKey === item.itemKey)!.score,
              9,
            );
        }
        checked += expected.length;
      }
    }
    // The generated libraries did exercise the ranking.
    expect(checked).toBeGreaterThan(400);
    if (engine === 'postgres') expect(cappedChecked).toBeGreaterThan(50);
    if (engine === 'postgres') expect(wordByWordChecked).toBeGreaterThan(20);
    // Hundreds of writes and queries: PostgreSQL on a busy machine needs more than the default.
  }, 180_000);

  it('answers every page from the postings index as the exhaustive BM25, edits and a rebuild included', async () => {
    const fresh = await createTestDatabase(engine);
    try {
      const next = seededRandom(47);
      // Blocks of 4 postings: many blocks, so that most of them are left unread by the bounds.
      // Counts of several words stop past 4 items a kind.
      const generated = generatedLibrary(fresh.database, next, { blockPostings: 4, countLimit: 4 });
      for (let i = 0; i < 60; i++) await generated.insert();
      const conditions: MatchClause[][] = [
        [],
        [{ form: 'exact', words: ['tâm'], phrase: false }],
        [{ form: 'folded', words: ['bo', 'tat'], phrase: true }],
      ];
      let pages = 0;
      let conditioned = 0;
      let capped = 0;
      for (let round = 0; round < 5; round++) {
        if (round === 3) {
          // A full rebuild: the writes skip the postings meanwhile, no page is read from them.
          await generated.index.postings.clear();
          await generated.insert();
          expect(
            await generated.index.postings.page(planQuery('phật', 'strict')!, {
              kinds: SEARCH_KINDS,
              offset: 0,
              limit: 3,
            }),
          ).toBeNull();
          await generated.index.postings.rebuild();
        }
        // Per condition, the items where it matches in some passage.
        const allowedByRound = new Map(
          conditions.map((condition) => [
            condition,
            new Set(
              [...generated.library.values()]
                .filter((p) => condition.some((c) => clauseMatches(c, p.words)))
                .map((p) => p.itemKey),
            ),
          ]),
        );
        for (const [text, mode] of QUERIES) {
          const plan = planQuery(text, mode)!;
          const expected = exhaustive(
            generated.library,
            plan,
            engine === 'sqlite' ? generated.inserted : undefined,
            'words',
          );
          for (const condition of conditions) {
            const allowed = allowedByRound.get(condition)!;
            const matching = expected.filter((e) => condition.every(() => allowed.has(e.itemKey)));
            for (const kinds of [SEARCH_KINDS, [SearchKind.book], [SearchKind.talk, SearchKind.transcript]]) {
              const ofKinds = matching.filter((e) => kinds.includes(splitItemKey(e.itemKey).kind));
              for (const [offset, limit] of [
                [0, 3],
                [0, 10],
                [4, 4],
              ] as const) {
                const label = `${text} (${mode}) +${condition.map((c) => c.words.join(' ')).join(',')} kinds ${kinds.join(',')} ${offset}+${limit}, round ${round}`;
                const page = await generated.index.postings.page(plan, { kinds, offset, limit, conditions: condition });
                expect(page, label).not.toBeNull();
                const want = ofKinds.slice(offset, offset + limit);
                expect(
                  page!.items.map((i) => [i.itemKey, i.passages]),
                  label,
                ).toEqual(want.map((e) => [e.itemKey, e.passages]));
                page!.items.forEach((item, k) => expect(item.score, `${label}: ${k}`).toBeCloseTo(want[k]!.score, 9));
                for (const kind of SEARCH_KINDS) {
                  const n = matching.filter((e) => splitItemKey(e.itemKey).kind === kind).length;
                  const counted = plan.required.words.length > 1 || condition.length > 0;
                  expect(page!.counts.get(kind) ?? 0, `${label}: kind ${kind}`).toBe(counted ? Math.min(n, 4) : n);
                  expect(page!.capped.has(kind), `${label}: kind ${kind} capped`).toBe(counted && n > 4);
                  if (counted && n > 4) capped++;
                }
                pages++;
                if (condition.length > 0 && want.length > 0) conditioned++;
              }
            }
          }
        }
        // Inserts, edits and deletes in random order, each in its own transaction.
        for (let op = 0; op < 25; op++) await generated.change();
      }
      expect(pages).toBeGreaterThan(2_000);
      expect(conditioned).toBeGreaterThan(200);
      expect(capped).toBeGreaterThan(100);
    } finally {
      await fresh.drop();
    }
  }, 300_000);

  it('ranks a passage longer than the word positions PostgreSQL keeps (16,383) as the reference', async () => {
    const fresh = await createTestDatabase(engine);
    try {
      // Past the 16,383rd word, tsvector positions stop growing: such a passage is scored from its
      // text (its phrases there count too). PostgreSQL matches a phrase only below that word.
      const long = `phật pháp và ${'tâm an '.repeat(8_500)}phật pháp và phật pháp của tăng`;
      const documents: ItemDocument[] = [
        { kind: SearchKind.book, itemId: 1, passages: [{ seq: 0, body: long }] },
        { kind: SearchKind.book, itemId: 2, passages: [{ seq: 0, body: 'phật pháp và tâm an' }] },
        { kind: SearchKind.article, itemId: 3, passages: [{ seq: 0, body: 'pháp phật của tăng và phật' }] },
      ];
      const library = new Map<number, { words: PassageWords; itemKey: number }>();
      for (const document of documents) {
        await fresh.database.db.transaction().execute(async (trx) => createSearchIndex(trx).replaceItem(document));
        for (const p of document.passages)
          library.set(passageIdOf(document.kind, document.itemId, p.seq), {
            words: passageWords(p.body),
            itemKey: itemKeyOf(document.kind, document.itemId),
          });
      }
      const inserted = {
        passages: library.size,
        tokens: [...library.values()].reduce((n, p) => n + p.words.exact.length * 2, 0),
      };
      for (const [text, mode] of [
        ['phật pháp', 'strict'],
        ['phat phap', 'broad'],
        ['và của tăng', 'broad'],
      ] as const) {
        const plan = planQuery(text, mode)!;
        const expected = exhaustive(library, plan, engine === 'sqlite' ? inserted : undefined);
        const got = (await createSearchIndex(fresh.database.db).rankItems(plan)).sort(
          (a, b) => b.score - a.score || a.itemKey - b.itemKey,
        );
        expect(
          got.map((i) => i.itemKey),
          text,
        ).toEqual(expected.map((i) => i.itemKey));
        got.forEach((item, rank) => expect(item.score, `${text}: rank ${rank}`).toBeCloseTo(expected[rank]!.score, 9));
      }
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});
