import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZPlaylistItemsResponseSchema,
  ZPlaylistResponseSchema,
  ZPlaylistsResponseSchema,
} from '#common/contracts/playlist.schema.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories } from '../factories/tables.ts';
import { createTestApp, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('playlists on %s', (engine) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let talkIds: number[];
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    const signUp = () => registerReader(t);
    alice = await signUp();
    bob = await signUp();
    // Talks of the test's own, in collections of their own: the order below is the order made.
    const make = factories(t);
    talkIds = [];
    for (const duration of [300, 420, 95]) talkIds.push((await make.talk({ duration })).id);
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);

  const create = async (token: string, name: string) => {
    const res = await api.post('/create_playlist', { name }, { as: token });
    expect(res.status).toBe(201);
    return ZPlaylistResponseSchema.parse(await res.json()).data;
  };
  const items = async (token: string, id: number) =>
    ZPlaylistItemsResponseSchema.parse(await (await api.get(`/get_playlist_items/${id}`, { as: token })).json()).data
      .items;

  it('makes, renames, fills, reorders, empties and deletes a playlist', async () => {
    const list = await create(alice, '  Nghe buổi sáng ');
    expect(list).toMatchObject({ name: 'Nghe buổi sáng', itemCount: 0, totalSeconds: 0 });
    const renamed = await api.post(
      '/update_playlist',
      { id: list.id, name: 'Sáng sớm', description: 'Tụng kinh' },
      { as: alice },
    );
    expect(ZPlaylistResponseSchema.parse(await renamed.json()).data).toMatchObject({
      name: 'Sáng sớm',
      description: 'Tụng kinh',
    });

    const added = await api.post(
      '/create_playlist_item',
      { audioPlaylistItems: talkIds.slice(0, 3).map((audioId) => ({ playlistId: list.id, audioId })) },
      { as: alice },
    );
    expect(added.status).toBe(201);
    // Adding a talk twice keeps one.
    await api.post(
      '/create_playlist_item',
      { audioPlaylistItems: [{ playlistId: list.id, audioId: talkIds[0] }] },
      { as: alice },
    );
    let current = await items(alice, list.id);
    expect(current.map((i) => i.talk.id)).toEqual(talkIds.slice(0, 3));
    const detail = ZPlaylistResponseSchema.parse(
      await (await api.get(`/get_playlist_detail/${list.id}`, { as: alice })).json(),
    ).data;
    expect(detail.itemCount).toBe(3);
    expect(detail.totalSeconds).toBe(current.reduce((n, i) => n + i.talk.duration, 0));

    const order = [current[2]!.id, current[0]!.id, current[1]!.id];
    const reordered = await api.post('/update_playlist_items', { playlistId: list.id, itemIds: order }, { as: alice });
    expect(reordered.status).toBe(200);
    current = await items(alice, list.id);
    expect(current.map((i) => i.id)).toEqual(order);
    // An order that forgets or repeats an item is refused and changes nothing.
    for (const itemIds of [order.slice(0, 2), [order[0], order[0], order[1]], [...order, 999999]]) {
      const bad = await api.post('/update_playlist_items', { playlistId: list.id, itemIds }, { as: alice });
      expect(bad.status).toBe(400);
    }
    expect((await items(alice, list.id)).map((i) => i.id)).toEqual(order);

    expect((await api.post('/remove_playlist_items', { id: order[0] }, { as: alice })).status).toBe(200);
    expect((await items(alice, list.id)).map((i) => i.id)).toEqual(order.slice(1));
    expect((await api.post('/remove_playlist', { id: list.id }, { as: alice })).status).toBe(200);
    expect((await api.get(`/get_playlist_detail/${list.id}`, { as: alice })).status).toBe(404);
  });

  it('adds all the talks or none', async () => {
    const list = await create(alice, 'Tất cả hoặc không');
    const res = await api.post(
      '/create_playlist_item',
      {
        audioPlaylistItems: [
          { playlistId: list.id, audioId: talkIds[0] },
          { playlistId: list.id, audioId: 999999 },
        ],
      },
      { as: alice },
    );
    expect(res.status).toBe(404);
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toMatch(/Không tìm thấy/);
    expect(await items(alice, list.id)).toEqual([]);
  });

  it('keeps each reader’s playlists to themselves: others get 404 for every call', async () => {
    const owner = (await t.services.auth.authenticate(alice))!;
    const list = await factories(t).playlist(owner, { name: 'Của Alice', talkIds: [talkIds[0]!] });
    const [item] = await items(alice, list.id);
    const attempts: [string, string, unknown?][] = [
      ['GET', `/get_playlist_detail/${list.id}`],
      ['GET', `/get_playlist_items/${list.id}`],
      ['POST', '/update_playlist', { id: list.id, name: 'Của Bob' }],
      ['POST', '/create_playlist_item', { audioPlaylistItems: [{ playlistId: list.id, audioId: talkIds[1] }] }],
      ['POST', '/update_playlist_items', { playlistId: list.id, itemIds: [item!.id] }],
      ['POST', '/remove_playlist_items', { id: item!.id }],
      ['POST', '/remove_playlist', { id: list.id }],
    ];
    for (const [method, path, body] of attempts) {
      expect((await api.request(method, path, body, { as: bob })).status, path).toBe(404);
    }
    const bobs = ZPlaylistsResponseSchema.parse(await (await api.get('/get_playlist', { as: bob })).json()).data.items;
    expect(bobs).toEqual([]);
    expect((await items(alice, list.id)).map((i) => i.talk.id)).toEqual([talkIds[0]]);
  });

  it('asks for a login and refuses bad input with a Vietnamese message', async () => {
    expect((await api.get('/get_playlist')).status).toBe(401);
    expect((await api.post('/create_playlist', { name: 'x' })).status).toBe(401);
    for (const [path, body] of [
      ['/create_playlist', {}],
      ['/create_playlist', { name: '   ' }],
      ['/create_playlist', { name: 'x'.repeat(121) }],
      ['/create_playlist_item', { audioPlaylistItems: [] }],
      ['/create_playlist_item', { items: [{ playlistId: 1, audioId: 1 }] }],
      ['/update_playlist_items', { playlistId: 'abc', itemIds: [] }],
      ['/remove_playlist', { id: -1 }],
    ] as const) {
      const res = await api.post(path, body, { as: alice });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(((await res.json()) as { errorMessage: string }).errorMessage).toMatch(/[à-ỹ]/);
    }
  });
});
