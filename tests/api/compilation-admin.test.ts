import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCompilationAdminSchema } from '#common/contracts/compilation.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type Person } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const ZOne = z.object({ data: ZCompilationAdminSchema });

describe.each(engines)('compilations administration API on %s', (engine) => {
  let t: TestApp;
  let admin: Person;
  let reader: Person;
  let make: ReturnType<typeof factories>;
  beforeAll(async () => {
    // Nothing of the demo is needed: each kind of item is made here.
    t = await createTestApp(engine, { demo: false });
    make = factories(t);
    admin = await make.admin();
    reader = await make.reader();
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);

  it('makes, orders, publishes, edits and deletes a compilation; readers get 403, anonymous 401', async () => {
    const items = [
      { type: 'article', id: (await make.article()).id },
      { type: 'video', id: (await make.video()).id },
      { type: 'book', id: (await make.book()).id },
      { type: 'talk', id: (await make.talk()).id, note: 'Nghe sau khi đọc.' },
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
      expect((await api.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await api.request(method, url, body, { as: reader })).status, `${method} ${url}`).toBe(403);
    }

    const created = await api.post('/admin/compilations', input, { as: admin });
    expect(created.status).toBe(201);
    const compilation = ZOne.parse(await created.json()).data;
    expect(compilation).toMatchObject({ slug: 'mua-an-cu', status: 'draft' });
    expect(compilation.items.map((i) => [i.type, i.id])).toEqual(items.map((i) => [i.type, i.id]));
    expect(compilation.items[3]!.note).toBe('Nghe sau khi đọc.');
    // A draft is nobody's to read.
    expect((await api.get(`/public/compilation/${compilation.id}`)).status).toBe(404);

    const reordered = [items[2]!, items[0]!, items[3]!];
    const published = await api.put(
      `/admin/compilation/${compilation.id}`,
      { ...input, status: 'published', items: reordered },
      { as: admin },
    );
    expect(published.status).toBe(200);
    const detail = (await (await api.get(`/public/compilation/${compilation.id}`)).json()) as {
      data: { items: { type: string; id: number }[] };
    };
    expect(detail.data.items.map((i) => [i.type, i.id])).toEqual(reordered.map((i) => [i.type, i.id]));

    for (const [body, message] of [
      [{ ...input, title: '  ' }, /tên/],
      [{ ...input, items: [{ type: 'book', id: 999999 }] }, /không tồn tại/],
      [{ ...input, items: [{ type: 'podcast', id: 1 }] }, /Loại mục/],
      [{ ...input, status: 'maybe' }, /Trạng thái/],
    ] as const) {
      const res = await api.put(`/admin/compilation/${compilation.id}`, body, { as: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ZErrorResponseSchema.parse(await res.json());
      expect(`${error.errorMessage} ${Object.values(error.fields ?? {}).join(' ')}`).toMatch(message);
    }
    // Unchanged by the refused edits.
    expect(
      ZOne.parse(await (await api.get(`/admin/compilation/${compilation.id}`, { as: admin })).json()).data.items,
    ).toHaveLength(3);

    expect((await api.delete(`/admin/compilation/${compilation.id}`, { as: admin })).status).toBe(200);
    expect((await api.get(`/admin/compilation/${compilation.id}`, { as: admin })).status).toBe(404);
    expect((await api.get(`/public/compilation/${compilation.id}`)).status).toBe(404);
  });
});
