import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchResult, ZSearchRequestSchema } from '#common/contracts/search.schema.ts';
import { indexBook } from '#server/services/search-indexer.service.ts';
import { conditionClauses, planQuery } from '#server/services/search-query.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

/** The text of a snippet with its hits in [brackets]. */
function marked(snippet: { text: string; hit: boolean }[]): string {
  return snippet.map((s) => (s.hit ? `[${s.text}]` : s.text)).join('');
}

/** A chapter whose words the demo corpus does not have, so a search for them finds this book. */
const SPARROW_HTML =
  '<p id="p-1">Đàn chim sẻ hót vang trên đồi.</p><p id="p-2">Phật dạy nghe tiếng chim mà tỉnh thức.</p>';

describe.each(engines)('search on %s', (engine) => {
  let t: TestApp;
  const api = apiClient(() => t);
  // The demo corpus gives the articles, transcripts and other books to search among.
  let sparrow: MadeBook;
  let summit: MadeBook;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const make = factories(t);
    sparrow = await make.book({ chapters: [{ title: 'Tiếng chim', html: SPARROW_HTML }] });
    summit = await make.book({ chapters: [{ title: 'Lên núi', html: '<p id="p-1">Lên đỉnh đá đen ngắm trăng.</p>' }] });
  });
  afterAll(async () => {
    await t.close();
  });

  async function search(
    body: Record<string, unknown>,
  ): Promise<{ status: number; json: { data: SearchResult } & Record<string, unknown> }> {
    const res = await api.post('/public/search', body);
    return { status: res.status, json: (await res.json()) as { data: SearchResult } };
  }
  const found = async (body: Record<string, unknown>) => {
    const { status, json } = await search(body);
    expect(status).toBe(200);
    return json.data;
  };
  const allSnippets = (result: SearchResult) => result.items.flatMap((i) => i.passages.map((p) => marked(p.snippet)));

  it('finds texts with diacritics from a query without them, and highlights the folded match', async () => {
    const result = await found({ query: 'dan chim se hot', type: 'book' });
    expect(result.items.map((i) => i.key)).toContain(sparrow.code);
    const first = result.items.find((i) => i.key === sparrow.code)!.passages[0]!;
    expect(marked(first.snippet)).toContain('[Đàn chim sẻ hót]');
    // The passage opens at its chapter and paragraph.
    expect(first.url).toBe(`/${sparrow.code}-1/${sparrow.code}?tim=dan+chim+se+hot#p-1`);
    expect(first.label).toBeTruthy();
  });

  it('matches diacritics as typed in strict mode, whatever the tone placement', async () => {
    const newStyle = await found({ query: 'thủy', type: 'book', perPage: 50 });
    const oldStyle = await found({ query: 'thuỷ', type: 'book', perPage: 50 });
    expect(newStyle.total).toBeGreaterThan(0);
    expect(oldStyle.countsByType).toEqual(newStyle.countsByType);
    // Decomposed (NFD) input is the same query.
    const nfd = await found({ query: 'thủy'.normalize('NFD'), type: 'book', perPage: 50 });
    expect(nfd.countsByType).toEqual(newStyle.countsByType);
    // "thuy" without marks matches more than "thủy" (every tone), "thúy" is another word.
    const folded = await found({ query: 'thuy', type: 'book', perPage: 50 });
    expect(folded.countsByType.all).toBeGreaterThanOrEqual(newStyle.countsByType.all);
    for (const s of allSnippets(newStyle)) expect(s.toLocaleLowerCase('vi')).toMatch(/\[thủy\]|\[thuỷ\]/);
  });

  it('reads đ and d alike when the query has no diacritics, and Ð (U+00D0) as Đ', async () => {
    const plain = await found({ query: 'dinh da den', type: 'book' });
    expect(plain.items.map((i) => i.key)).toContain(summit.code);
    const eth = await found({ query: '\u00D0ỉnh \u00D0á \u00D0en', mode: 'broad', type: 'book' });
    expect(eth.items.map((i) => i.key)).toContain(summit.code);
  });

  it('strict is a phrase in order; broad takes the words anywhere', async () => {
    const strict = await found({ query: 'hót sẻ chim đàn', type: 'book' });
    expect(strict.countsByType.all).toBe(0);
    const broad = await found({ query: 'hót sẻ chim đàn', mode: 'broad', type: 'book' });
    expect(broad.items.map((i) => i.key)).toContain(sparrow.code);
  });

  it('ranks passages with the reader’s diacritics above folded matches in broad mode', async () => {
    const result = await found({ query: 'phát', mode: 'broad', type: 'article', perPage: 5 });
    expect(result.items.length).toBeGreaterThan(0);
    // The best passage of the best item has "phát" itself, not only "Phật".
    const best = result.items[0]!.passages[0]!;
    expect(marked(best.snippet).toLocaleLowerCase('vi')).toContain('[phát');
  });

  it('applies AND conditions to the same item', async () => {
    const without = await found({ query: 'Tu bồ đề', type: 'all', perPage: 50 });
    const withCondition = await found({
      query: 'Tu bồ đề',
      conditionType: 'AND',
      conditions: ['Xá vệ'],
      perPage: 50,
    });
    expect(withCondition.countsByType.all).toBeGreaterThan(0);
    expect(withCondition.countsByType.all).toBeLessThanOrEqual(without.countsByType.all);
    // Words another item has (the made book) but no item with "Tu bồ đề".
    expect((await found({ query: 'chim sẻ hót' })).countsByType.all).toBeGreaterThan(0);
    const impossible = await found({ query: 'Tu bồ đề', conditionType: 'AND', conditions: ['chim sẻ hót'] });
    expect(impossible.countsByType.all).toBe(0);
  });

  it('counts per type, filters by type, pages in a stable order', async () => {
    const all = await found({ query: 'phat', perPage: 5 });
    expect(all.countsByType.book).toBeGreaterThan(0);
    expect(all.countsByType.article).toBeGreaterThan(0);
    expect(all.countsByType.all).toBe(
      all.countsByType.book +
        all.countsByType.article +
        all.countsByType.audio +
        all.countsByType.video +
        all.countsByType.transcript,
    );
    // Every count of the demo library is exact (a search of several words counts up to 1,000 a type).
    expect(all.countsCapped).toEqual([]);
    const several = await found({ query: 'phat giao', mode: 'broad', perPage: 5 });
    expect(several.countsCapped).toEqual([]);
    expect(several.countsByType.all).toBeGreaterThan(0);
    const articles = await found({ query: 'phat', type: 'article', perPage: 5 });
    expect(articles.items.every((i) => i.type === 'article')).toBe(true);
    expect(articles.total).toBe(all.countsByType.article);
    const page1 = await found({ query: 'phat', type: 'article', perPage: 3, page: 1 });
    const page2 = await found({ query: 'phat', type: 'article', perPage: 3, page: 2 });
    const again = await found({ query: 'phat', type: 'article', perPage: 3, page: 1 });
    expect(page1.items.map((i) => i.key)).toEqual(again.items.map((i) => i.key));
    expect(page2.items.length).toBe(3);
    expect(page1.items.map((i) => i.key)).not.toContain(page2.items[0]!.key);
  });

  it('searches inside one book only', async () => {
    expect((await found({ query: 'phat', type: 'book', perPage: 50 })).total).toBeGreaterThan(1);
    const result = await found({ query: 'phat', bookCode: sparrow.code, perPage: 50 });
    expect(result.items.map((i) => i.key)).toEqual([sparrow.code]);
    const unknown = await found({ query: 'phat', bookCode: 'khong-co-sach-nay' });
    expect(unknown.countsByType.all).toBe(0);
  });

  it('gives the other passages of one result (book, transcript, article) for "Xem thêm N đoạn"', async () => {
    const library = await found({ query: 'phat', perPage: 50 });
    for (const type of ['book', 'transcript', 'article'] as const) {
      // The result of this type with the most matching passages: more than the page shows.
      const item = library.items.filter((i) => i.type === type).sort((a, b) => b.matchCount - a.matchCount)[0]!;
      expect(item, type).toBeTruthy();
      const inside = await found({ query: 'phat', item: { type, key: item.key }, perPage: 1 });
      expect(inside.items.map((i) => `${i.type}:${i.key}`)).toEqual([`${type}:${item.key}`]);
      const passages = inside.items[0]!.passages;
      expect(passages.length).toBe(Math.min(item.matchCount, 50));
      expect(inside.items[0]!.matchCount).toBe(item.matchCount);
      expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
      for (const p of passages) expect(marked(p.snippet)).toMatch(/\[/);
    }
    // Asking inside an item is not a new search: "most searched" does not count it.
    const inBook = ZSearchRequestSchema.parse({ query: 'chim se', item: { type: 'book', key: sparrow.code } });
    for (const ip of ['10.1.0.1', '10.1.0.2']) {
      expect((await t.services.search.search(inBook, { ip })).countsByType.all).toBe(1);
    }
    expect((await t.services.search.popularQueries(100)).map((p) => p.query)).not.toContain('chim se');
    // Unknown items find nothing; a talk's title block has no passages to add.
    for (const item of [
      { type: 'article', key: 'khong-co-bai-nay' },
      { type: 'transcript', key: 'abc' },
      { type: 'transcript', key: '999999' },
      { type: 'video', key: 'khong-co-video-nay' },
    ]) {
      expect((await found({ query: 'phat', item })).countsByType.all).toBe(0);
    }
    const talk = await search({ query: 'phat', item: { type: 'audio', key: '1' } });
    expect(talk.status).toBe(400);
    expect((talk.json as { fields?: Record<string, string> }).fields?.['item.type']).toBe(
      'Chỉ xem thêm đoạn được trong sách, lời giảng, video hay bài viết.',
    );
  });

  it('offers the Telex / VNI reading of a query that finds nothing, without rewriting it', async () => {
    const telex = await found({ query: 'phaatj' });
    expect(telex.countsByType.all).toBe(0);
    expect(telex.suggestion).toBe('phật');
    const vni = await found({ query: 'pha65t' });
    expect(vni.suggestion).toBe('phật');
    const ordinary = await found({ query: 'phật' });
    expect(ordinary.suggestion).toBeNull();
  });

  it('refuses an empty or overlong query with a Vietnamese message, and survives hostile input', async () => {
    const empty = await search({ query: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json.errorMessage).toMatch(/[ạ-ỹ]/);
    const long = await search({ query: 'phật '.repeat(2000) });
    expect(long.status).toBe(400);
    expect(String((long.json as { fields?: Record<string, string> }).fields?.query)).toContain('300');
    for (const query of [
      '"',
      '""',
      'AND',
      'OR NOT',
      'NEAR(',
      '*',
      'phật*',
      '"phật" OR',
      '🙏🙏',
      '{exact}: x',
      "'; DROP TABLE x; --",
      '\\',
      '^phật',
      '-',
    ]) {
      const { status, json } = await search({ query, mode: 'broad' });
      expect(status, query).toBe(200);
      expect(Array.isArray(json.data.items)).toBe(true);
      const strict = await search({ query });
      expect(strict.status, query).toBe(200);
    }
    const bad = await search({ query: 'phật', mode: 'fuzzy' });
    expect(bad.status).toBe(400);
  });

  it('follows edits of the content in the same transaction', async () => {
    const made = await factories(t).book({
      chapters: [{ title: 'Biển', html: '<p id="p-1">Sóng vỗ bờ cát trắng.</p>' }],
    });
    const before = await found({ query: 'sóng vỗ bờ cát', type: 'book' });
    expect(before.items.map((i) => i.key)).toContain(made.code);
    // Unpublish the book: it leaves the index with the change.
    const book = await t.services.library.findBook(made.code);
    await t.db.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('books').set({ status: 'draft' }).where('id', '=', made.id).execute();
      const { createRepositories } = await import('#server/repositories/index.ts');
      await indexBook(createRepositories(trx), made.id);
    });
    t.services.search.invalidate();
    const after = await found({ query: 'sóng vỗ bờ cát', type: 'book' });
    expect(after.items.map((i) => i.key)).not.toContain(made.code);
    expect(book).not.toBeNull();
  });
});

describe.each(engines)('stored answers of expensive queries on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a stored answer while the index is unchanged, and forgets it when the index changes', async () => {
    const { createSearchService } = await import('#server/services/search.service.ts');
    const { createRepositories } = await import('#server/repositories/index.ts');
    const { createLogger } = await import('#server/logger.ts');
    const repos = createRepositories(t.db.database.db);
    const made = await factories(t).book();
    // Every answer counts as expensive here, so each is stored.
    const make = () => createSearchService({ repos, logger: createLogger('silent'), options: { storeAfterMs: 0 } });
    // A search inside one book: the engine ranks it (searches of the library read the postings).
    const request = {
      query: 'phật',
      mode: 'strict' as const,
      type: 'all' as const,
      conditions: [],
      page: 1,
      perPage: 10,
      bookCode: made.code,
    };
    const first = await make().search(request);
    expect(first.countsByType.all).toBeGreaterThan(0);
    const stored = await t.db.database.db.selectFrom('search_answers').selectAll().execute();
    expect(stored.length).toBe(1);

    // A new process (no memory) answers from the store: mark the stored counts to see it.
    const marked = JSON.parse(stored[0]!.answer) as { counts: Record<string, number> };
    marked.counts.video = 4242;
    await t.db.database.db
      .updateTable('search_answers')
      .set({ answer: JSON.stringify(marked) })
      .where('key', '=', stored[0]!.key)
      .execute();
    expect((await make().search(request)).countsByType.video).toBe(4242);

    // Any change to the index moves the generation on: the stored answer is stale.
    await indexBook(repos, made.id);
    const fresh = await make().search(request);
    expect(fresh.countsByType.video).not.toBe(4242);
    expect(fresh.countsByType).toEqual(first.countsByType);
    expect(await repos.searchAnswers.removeStale(await repos.search.generation())).toBe(0);
  });

  it('never serves an answer stored under another ranking rule (the version is in the key)', async () => {
    const { createSearchService } = await import('#server/services/search.service.ts');
    const { createRepositories } = await import('#server/repositories/index.ts');
    const { createLogger } = await import('#server/logger.ts');
    const repos = createRepositories(t.db.database.db);
    const make = (rankingVersion: string) =>
      createSearchService({ repos, logger: createLogger('silent'), options: { storeAfterMs: 0, rankingVersion } });
    const made = await factories(t).book();
    // A search inside one book: the engine ranks it (searches of the library read the postings).
    const request = {
      query: 'phật',
      mode: 'strict' as const,
      type: 'all' as const,
      conditions: [],
      page: 1,
      perPage: 10,
      bookCode: made.code,
    };
    await t.db.database.db.deleteFrom('search_answers').execute();
    const before = await make('old').search(request);
    expect(before.countsByType.all).toBeGreaterThan(0);
    // Mark what the old rule stored, as if it had ranked differently.
    const [stored] = await t.db.database.db.selectFrom('search_answers').selectAll().execute();
    const marked = JSON.parse(stored!.answer) as { counts: Record<string, number> };
    marked.counts.video = 4343;
    await t.db.database.db
      .updateTable('search_answers')
      .set({ answer: JSON.stringify(marked) })
      .where('key', '=', stored!.key)
      .execute();
    // The same rule, in a new process, serves the stored answer (same index generation)…
    expect((await make('old').search(request)).countsByType.video).toBe(4343);
    // …a new rule does not, though nothing in the index changed.
    const after = await make('new').search(request);
    expect(after.countsByType.video).not.toBe(4343);
    expect(after.countsByType).toEqual(before.countsByType);
  });
});

describe.each(engines)('searches of the library from the postings index on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers pages, tabs and counts as the full ranking does', async () => {
    const { createSearchService } = await import('#server/services/search.service.ts');
    const { createRepositories } = await import('#server/repositories/index.ts');
    const { createLogger } = await import('#server/logger.ts');
    const repos = createRepositories(t.db.database.db);
    const requests = [
      { query: 'phật', type: 'all' as const, page: 1 },
      { query: 'phat', type: 'all' as const, page: 2 },
      { query: 'và', type: 'book' as const, page: 1 },
      { query: 'của', type: 'article' as const, page: 1 },
      { query: 'khong', type: 'all' as const, page: 1, mode: 'broad' as const },
      { query: 'phật giáo', type: 'all' as const, page: 1 },
      { query: 'của và là', type: 'all' as const, page: 2, mode: 'broad' as const },
      { query: 'Phật', type: 'all' as const, page: 1, conditions: ['chùa'] },
      { query: 'tâm', type: 'all' as const, page: 1, mode: 'broad' as const, conditions: ['phat', 'bồ tát'] },
    ].map((r) => ({ mode: 'strict' as const, conditions: [], perPage: 5, ...r }));
    const answers = async () => {
      const service = createSearchService({ repos, logger: createLogger('silent') });
      return Promise.all(requests.map((r) => service.search(r)));
    };
    const fromPostings = await answers();
    expect(fromPostings.every((r) => r.items.length > 0)).toBe(true);
    // While the postings are being rebuilt the engine ranks every match: items, order, passages,
    // snippets, totals and counts are the same.
    await repos.search.postings.clear();
    expect(
      await repos.search.postings.page(planQuery('phật', 'strict')!, { kinds: [1], offset: 0, limit: 5 }),
    ).toBeNull();
    const ranked = await answers();
    await repos.search.postings.rebuild();
    expect(ranked).toEqual(fromPostings);
    expect(await answers()).toEqual(fromPostings);
  });
});

describe.each(engines)('the cheaper exact plan per search on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the same whichever plan is taken: the chosen one, the postings forced, the full ranking forced', async () => {
    const { createSearchService } = await import('#server/services/search.service.ts');
    const { createRepositories } = await import('#server/repositories/index.ts');
    const { createSearchIndex } = await import('#server/search/index.ts');
    const { createLogger } = await import('#server/logger.ts');
    const db = t.db.database.db;
    // Counts of several words stop at 3 items a kind: the full ranking must stop them alike.
    const reposWith = (fullRankingWalk?: number) => ({
      ...createRepositories(db),
      search: createSearchIndex(db, { countLimit: 3, fullRankingWalk }),
    });
    const requests = [
      { query: 'phật', type: 'all' as const, page: 1 },
      { query: 'phat', type: 'all' as const, page: 2, mode: 'broad' as const },
      { query: 'và', type: 'book' as const, page: 1 },
      { query: 'phật giáo', type: 'all' as const, page: 1 },
      { query: 'phật giáo', type: 'article' as const, page: 2 },
      { query: 'của và là', type: 'all' as const, page: 1, mode: 'broad' as const },
      { query: 'của và là', type: 'book' as const, page: 2, mode: 'broad' as const },
      { query: 'bồ tát', type: 'all' as const, page: 1 },
      { query: 'bo tat quan the am', type: 'all' as const, page: 1, mode: 'broad' as const },
      { query: 'Phật', type: 'all' as const, page: 1, conditions: ['chùa'] },
      { query: 'tâm', type: 'all' as const, page: 1, mode: 'broad' as const, conditions: ['phat', 'bồ tát'] },
      { query: 'thiền', type: 'all' as const, page: 1, conditions: ['nhật bản'] },
      { query: 'xyzzy phật', type: 'all' as const, page: 1 },
    ].map((r) => ({ mode: 'strict' as const, conditions: [] as string[], perPage: 4, ...r }));
    const estimates = await Promise.all(
      requests.map((r) =>
        reposWith().search.postings.choosePlan(planQuery(r.query, r.mode)!, conditionClauses(r.conditions)),
      ),
    );
    // A limit between the searches' walks, so that the chosen plan is sometimes each of the two.
    const walks = estimates.map((e) => e.requiredWalk).sort((a, b) => a - b);
    const middle = walks[Math.floor(walks.length / 2)]!;
    expect(walks.some((w) => w <= middle) && walks.some((w) => w > middle)).toBe(true);
    const answers = async (repos: ReturnType<typeof reposWith>, plan?: 'postings' | 'full') => {
      const service = createSearchService({ repos, logger: createLogger('silent'), options: { plan } });
      const out: SearchResult[] = [];
      for (const request of requests) out.push(await service.search(request));
      return out;
    };
    const byPostings = await answers(reposWith(), 'postings');
    expect(byPostings.filter((r) => r.items.length > 0).length).toBeGreaterThan(10);
    // The limit of 3 did cut some counts.
    expect(byPostings.some((r) => r.countsCapped.length > 0)).toBe(true);
    expect(await answers(reposWith(), 'full')).toEqual(byPostings);
    expect(await answers(reposWith(middle))).toEqual(byPostings);
  });
});

describe.each(engines)('whole pages of results remembered per process on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a repeated search the same, and follows an edit made by another process at once', async () => {
    const { createSearchService } = await import('#server/services/search.service.ts');
    const { createRepositories } = await import('#server/repositories/index.ts');
    const { createLogger } = await import('#server/logger.ts');
    const repos = createRepositories(t.db.database.db);
    // Another process's service on the same database: its own memory, the index's generation shared.
    const processA = createSearchService({ repos, logger: createLogger('silent') });
    const made = await factories(t).book({ chapters: [{ title: 'Tiếng chim', html: SPARROW_HTML }] });
    const request = {
      query: 'đàn chim sẻ hót',
      mode: 'strict' as const,
      type: 'book' as const,
      conditions: [],
      page: 1,
      perPage: 10,
    };
    const first = await processA.search(request);
    expect(first.items.map((i) => i.key)).toContain(made.code);
    expect(await processA.search(request)).toEqual(first);

    // Another process unpublishes the book: A's remembered page is stale at once.
    await t.db.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('books').set({ status: 'draft' }).where('id', '=', made.id).execute();
      await indexBook(createRepositories(trx), made.id);
    });
    const after = await processA.search(request);
    expect(after.items.map((i) => i.key)).not.toContain(made.code);
  });
});
