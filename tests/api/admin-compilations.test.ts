import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCompilationAdminSchema } from '#common/contracts/compilation.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, loginAdmin, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const ZOne = z.object({ data: ZCompilationAdminSchema });

describe.each(engines)('compilations administration API on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    reader = await registerReader(t);
    admin = (await loginAdmin(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: string, url: string, token: string | null, body?: unknown) =>
    t.app.request(`/api/v1${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { 'x-token': token } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const idOf = async (table: 'books' | 'audio_talks' | 'articles' | 'videos') =>
    (await t.db.database.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  it('makes, orders, publishes, edits and deletes a compilation; readers get 403, anonymous 401', async () => {
    const items = [
      { type: 'article', id: await idOf('articles') },
      { type: 'video', id: await idOf('videos') },
      { type: 'book', id: await idOf('books') },
      { type: 'talk', id: await idOf('audio_talks'), note: 'Nghe sau khi đọc.' },
    ];
    const input = { title: 'Mùa an cư', introduction: 'Đọc và nghe trong ba tháng an cư.', status: 'draft', items };
    for (const [method, url] of [
      ['GET', '/admin/compilations'],
      ['POST', '/admin/compilations'],
      ['GET', '/admin/compilation/1'],
      ['PUT', '/admin/compilation/1'],
      ['DELETE', '/admin/compilation/1'],
    ] as const) {
      const body = method === 'POST' || method === 'PUT' ? input : undefined;
      expect((await call(method, url, null, body)).status, `${method} ${url}`).toBe(401);
      expect((await call(method, url, reader, body)).status, `${method} ${url}`).toBe(403);
    }

    const created = await call('POST', '/admin/compilations', admin, input);
    expect(created.status).toBe(201);
    const compilation = ZOne.parse(await created.json()).data;
    expect(compilation).toMatchObject({ slug: 'mua-an-cu', status: 'draft' });
    expect(compilation.items.map((i) => [i.type, i.id])).toEqual(items.map((i) => [i.type, i.id]));
    expect(compilation.items[3]!.note).toBe('Nghe sau khi đọc.');
    // A draft is nobody's to read.
    expect((await call('GET', `/public/compilation/${compilation.id}`, null)).status).toBe(404);

    const reordered = [items[2]!, items[0]!, items[3]!];
    const published = await call('PUT', `/admin/compilation/${compilation.id}`, admin, {
      ...input,
      status: 'published',
      items: reordered,
    });
    expect(published.status).toBe(200);
    const detail = (await (await call('GET', `/public/compilation/${compilation.id}`, null)).json()) as {
      data: { items: { type: string; id: number }[] };
    };
    expect(detail.data.items.map((i) => [i.type, i.id])).toEqual(reordered.map((i) => [i.type, i.id]));

    for (const [body, message] of [
      [{ ...input, title: '  ' }, /tên/],
      [{ ...input, items: [{ type: 'book', id: 999999 }] }, /không tồn tại/],
      [{ ...input, items: [{ type: 'podcast', id: 1 }] }, /Loại mục/],
      [{ ...input, status: 'maybe' }, /Trạng thái/],
    ] as const) {
      const res = await call('PUT', `/admin/compilation/${compilation.id}`, admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ZErrorResponseSchema.parse(await res.json());
      expect(`${error.errorMessage} ${Object.values(error.fields ?? {}).join(' ')}`).toMatch(message);
    }
    // Unchanged by the refused edits.
    expect(
      ZOne.parse(await (await call('GET', `/admin/compilation/${compilation.id}`, admin)).json()).data.items,
    ).toHaveLength(3);

    expect((await call('DELETE', `/admin/compilation/${compilation.id}`, admin)).status).toBe(200);
    expect((await call('GET', `/admin/compilation/${compilation.id}`, admin)).status).toBe(404);
    expect((await call('GET', `/public/compilation/${compilation.id}`, null)).status).toBe(404);
  });
});
