import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZPopularQueriesResponseSchema,
  ZSearchCollectionResponseSchema,
  ZSearchCollectionsResponseSchema,
} from '#common/contracts/search.schema.ts';
import { factories } from '../factories/tables.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('saved searches and most searched on %s', (engine) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    const signUp = () => registerReader(t);
    alice = await signUp();
    bob = await signUp();
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);

  const list = async (token: string) =>
    ZSearchCollectionsResponseSchema.parse(await (await api.get('/search_collections', { as: token })).json()).data
      .items;

  it('saves a search with its mode, type and conditions, names it after the query, and runs it by its url', async () => {
    const res = await api.post(
      '/search_collections',
      { query: '  Quán   Tự Tại ', mode: 'broad', type: 'book', conditionType: 'AND', conditions: ['Bồ tát'] },
      { as: alice },
    );
    expect(res.status).toBe(201);
    const saved = ZSearchCollectionResponseSchema.parse(await res.json()).data;
    expect(saved).toMatchObject({
      name: 'Quán Tự Tại + Bồ tát',
      query: 'Quán Tự Tại',
      mode: 'broad',
      type: 'book',
      conditionType: 'AND',
      conditions: ['Bồ tát'],
    });
    const url = new URL(saved.url, 'http://x');
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'Quán Tự Tại',
      mode: 'broad',
      type: 'book',
      conditionType: 'AND',
      conditions: 'Bồ tát',
    });
    expect((await list(alice)).map((s) => s.id)).toEqual([saved.id]);
  });

  it('renames and changes a search; only its owner sees, changes or deletes it (others get 404)', async () => {
    const created = ZSearchCollectionResponseSchema.parse(
      await (await api.post('/search_collections', { query: 'bát nhã' }, { as: alice })).json(),
    ).data;
    expect(created).toMatchObject({ name: 'bát nhã', mode: 'strict', type: 'all', conditionType: null });

    for (const [method, body] of [
      ['PUT', { name: 'của Bob' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api.request(method, `/search_collection/${created.id}`, body, { as: bob });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { errorMessage: string }).errorMessage).toMatch(/Không tìm thấy/);
    }
    expect((await list(bob)).length).toBe(0);

    const changed = await api.put(
      `/search_collection/${created.id}`,
      { type: 'book', mode: 'broad', conditions: ['Xá lợi'] },
      { as: alice },
    );
    expect(changed.status).toBe(200);
    // A rename changes the name only: mode, type and conditions stay.
    const renamed = await api.put(`/search_collection/${created.id}`, { name: 'Tâm kinh' }, { as: alice });
    expect(renamed.status).toBe(200);
    expect(ZSearchCollectionResponseSchema.parse(await renamed.json()).data).toMatchObject({
      name: 'Tâm kinh',
      type: 'book',
      mode: 'broad',
      conditionType: 'AND',
      conditions: ['Xá lợi'],
      query: 'bát nhã',
    });

    expect((await api.delete(`/search_collection/${created.id}`, { as: alice })).status).toBe(200);
    expect((await api.delete(`/search_collection/${created.id}`, { as: alice })).status).toBe(404);
    expect((await list(alice)).map((s) => s.name)).not.toContain('Tâm kinh');
  });

  it('asks for a login, and refuses bad input with a Vietnamese message and nothing saved', async () => {
    expect((await api.get('/search_collections')).status).toBe(401);
    expect((await api.post('/search_collections', { query: 'x' })).status).toBe(401);
    const before = (await list(alice)).length;
    for (const body of [
      {},
      { query: '' },
      { query: 'x'.repeat(301) },
      { query: 'x', mode: 'fuzzy' },
      { query: 'x', type: 'podcast' },
      { query: 'x', conditions: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { query: 'x', name: 'n'.repeat(121) },
    ]) {
      const res = await api.post('/search_collections', body, { as: alice });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { errorMessage: string }).errorMessage).toMatch(/[à-ỹ]/);
    }
    expect((await api.put('/search_collection/abc', { name: 'x' }, { as: alice })).status).toBe(400);
    expect((await list(alice)).length).toBe(before);
  });

  it('counts normalised queries that found something, and lists those searched at least twice', async () => {
    // Three readers (a client counts once per query a day, so each search comes from another).
    const [one, two, three] = [await registerReader(t), await registerReader(t), await registerReader(t)];
    // What they search for is in a book of the test's own; "xyzzy…" is in none.
    await factories(t).book({
      chapters: [
        { title: 'Phật pháp', html: '<p id="p-1">Phật pháp đến nước ta từ rất sớm.</p>' },
        { title: 'Tu Bồ Đề', html: '<p id="p-1">Tu Bồ Đề hỏi Phật về tâm.</p>' },
        { title: 'Chùa Trăm Gian', html: '<p id="p-1">Chùa Trăm Gian ở Hà Nội.</p>' },
      ],
    });
    const search = async (query: string, token: string) => {
      expect((await api.post('/public/search', { query }, { as: token })).status).toBe(200);
    };
    await search('Phật pháp', one);
    await search('  phật   PHÁP ', two);
    await search('phật pháp'.normalize('NFD'), three);
    await search('Tu bồ đề', one);
    await search('Tu bồ đề', two);
    await search('Tu bồ đề', two); // the same reader again: counted once
    await search('chùa trăm gian', one);
    await search('xyzzy không có đâu', one); // finds nothing: not counted
    await search('xyzzy không có đâu', two);
    const res = await api.get('/public/search/popular?limit=10');
    expect(res.status).toBe(200);
    const items = ZPopularQueriesResponseSchema.parse(await res.json()).data.items;
    expect(items.map((i) => [i.query, i.count])).toEqual([
      ['phật pháp', 3],
      ['tu bồ đề', 2],
    ]);
    expect(items[0]!.url).toBe('/search?query=ph%E1%BA%ADt+ph%C3%A1p&mode=strict&type=all');
    expect((await api.get('/public/search/popular?limit=0')).status).toBe(400);
  });
});
