import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBookmarkResponseSchema, ZBookmarksResponseSchema } from '#common/contracts/bookmark.schema.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories } from '../factories/tables.ts';
import { createTestApp, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('bookmarks in talks on %s', (engine) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let talk: { id: number; duration: number };
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    const signUp = () => registerReader(t);
    alice = await signUp();
    bob = await signUp();
    talk = await factories(t).talk({ duration: 1800 });
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);

  const list = async (token: string) =>
    ZBookmarksResponseSchema.parse(await (await api.get(`/get_bookmark/${talk.id}`, { as: token })).json()).data.items;

  it('creates, lists by time, moves, renames and removes bookmarks', async () => {
    const late = await api.post(
      '/create_bookmark',
      { audioId: talk.id, time: 40.5, label: '  Sắc tức thị không ' },
      { as: alice },
    );
    expect(late.status).toBe(201);
    const early = ZBookmarkResponseSchema.parse(
      await (await api.post('/create_bookmark', { audioId: talk.id, time: 9 }, { as: alice })).json(),
    ).data;
    expect(early.label).toBe('Dấu 0:09');
    expect((await list(alice)).map((b) => [b.time, b.label])).toEqual([
      [9, 'Dấu 0:09'],
      [40.5, 'Sắc tức thị không'],
    ]);
    const moved = await api.post('/update_bookmark', { id: early.id, time: 50, label: 'Xá lợi tử' }, { as: alice });
    expect(moved.status).toBe(200);
    expect((await list(alice)).map((b) => b.label)).toEqual(['Sắc tức thị không', 'Xá lợi tử']);
    expect((await api.post('/remove_bookmark', { id: early.id }, { as: alice })).status).toBe(200);
    expect((await api.post('/remove_bookmark', { id: early.id }, { as: alice })).status).toBe(404);
    expect((await list(alice)).length).toBe(1);
  });

  it('keeps each reader’s bookmarks to themselves: others get 404', async () => {
    const mine = ZBookmarkResponseSchema.parse(
      await (await api.post('/create_bookmark', { audioId: talk.id, time: 3 }, { as: alice })).json(),
    ).data;
    expect((await list(bob)).length).toBe(0);
    expect((await api.post('/update_bookmark', { id: mine.id, label: 'của Bob' }, { as: bob })).status).toBe(404);
    expect((await api.post('/remove_bookmark', { id: mine.id }, { as: bob })).status).toBe(404);
    expect((await list(alice)).map((b) => b.id)).toContain(mine.id);
  });

  it('asks for a login and refuses bad input with a Vietnamese message, saving nothing', async () => {
    expect((await api.get(`/get_bookmark/${talk.id}`)).status).toBe(401);
    expect((await api.post('/create_bookmark', { audioId: talk.id, time: 1 })).status).toBe(401);
    const before = (await list(alice)).length;
    for (const body of [
      {},
      { audioId: talk.id },
      { audioId: talk.id, time: -1 },
      { audioId: talk.id, time: 'x' },
      { audioId: talk.id, time: talk.duration + 5 },
      { audioId: talk.id, time: 1, label: 'x'.repeat(121) },
      { audioId: 'abc', time: 1 },
    ]) {
      const res = await api.post('/create_bookmark', body, { as: alice });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { errorMessage: string }).errorMessage).toMatch(/[à-ỹ]/);
    }
    expect((await api.post('/create_bookmark', { audioId: 999999, time: 1 }, { as: alice })).status).toBe(404);
    expect((await api.get('/get_bookmark/999999', { as: alice })).status).toBe(404);
    expect((await list(alice)).length).toBe(before);
  });
});
