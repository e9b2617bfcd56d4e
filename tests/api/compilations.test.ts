import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCompilationResponseSchema, ZCompilationsResponseSchema } from '#common/contracts/compilation.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { articlePath, bookPath } from '#common/paths.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, DEMO_DIR, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const readDemo = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(DEMO_DIR, file), 'utf8')) as T;
const plan = readDemo<{
  compilations: { slug: string; title: string; items: { type: string; key: string }[] }[];
}>('compilations.json');

/** The keys of the demo content that exists, by kind: a compilation item pointing elsewhere is skipped. */
const present: Record<string, Set<string>> = {
  book: new Set(
    fs
      .readdirSync(path.join(DEMO_DIR, 'books'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/^knt-/, '').replace(/\.json$/, '')),
  ),
  talk: new Set(
    readDemo<{ collections: { talks: { slug: string }[] }[] }>('talks.json').collections.flatMap((c) =>
      c.talks.map((t) => t.slug),
    ),
  ),
  article: new Set(
    Object.keys(readDemo<{ articles: Record<string, string> }>('categories.json').articles).map((id) =>
      id.replace(/^viwiki-/, ''),
    ),
  ),
  video: new Set(
    fs.existsSync(path.join(DEMO_DIR, 'videos.json'))
      ? readDemo<{ videos: { slug: string }[] }>('videos.json').videos.map((v) => v.slug)
      : [],
  ),
};
const expectedItems = (i: number) => plan.compilations[i]!.items.filter((item) => present[item.type]!.has(item.key));

describe.each(engines)('compilations on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string) => t.app.request(url);

  it('lists the demo compilations in their order with the counts of their items', async () => {
    const res = await get('/api/v1/public/compilations');
    expect(res.status).toBe(200);
    const { data } = ZCompilationsResponseSchema.parse(await res.json());
    expect(data.page).toBe(1);
    expect(data.perPage).toBe(10);
    expect(data.total).toBe(plan.compilations.length);
    expect(data.items.map((c) => c.title)).toEqual(plan.compilations.map((c) => c.title));
    data.items.forEach((c, i) => {
      expect(c.itemCount).toBe(expectedItems(i).length);
      expect(c.counts.book).toBe(expectedItems(i).filter((item) => item.type === 'book').length);
    });
    for (const bad of ['per_page=101', 'page=0', 'per_page=x']) {
      const r = await get(`/api/v1/public/compilations?${bad}`);
      expect(r.status, bad).toBe(400);
      expect(ZErrorResponseSchema.parse(await r.json()).errorMessage).toMatch(/[à-ỹ]/);
    }
  });

  it('shows a compilation: its ordered items of every kind, each with the address of its page', async () => {
    const list = ZCompilationsResponseSchema.parse(await (await get('/api/v1/public/compilations')).json()).data;
    for (const [i, summary] of list.items.entries()) {
      const { data } = ZCompilationResponseSchema.parse(
        await (await get(`/api/v1/public/compilation/${summary.id}`)).json(),
      );
      const expected = expectedItems(i);
      expect(data.items.map((item) => item.type)).toEqual(expected.map((item) => item.type));
      data.items.forEach((item, k) => {
        const key = expected[k]!.key;
        if (item.type === 'book') expect(item.url).toBe(bookPath(key));
        if (item.type === 'article') expect(item.url).toBe(articlePath(key));
        if (item.type === 'talk') expect(item.url).toMatch(new RegExp(`^/phap-am/\\d+\\?nghe=${item.id}$`));
        if (item.type === 'video') expect(item.url).toBe(`/videos?xem=${key}`);
      });
    }
    // The festivals compilation mixes articles, talks and books.
    const mixed = ZCompilationResponseSchema.parse(
      await (await get(`/api/v1/public/compilation/${list.items[1]!.id}`)).json(),
    ).data;
    expect(new Set(mixed.items.map((item) => item.type))).toEqual(new Set(expectedItems(1).map((item) => item.type)));
    expect(mixed.items.length).toBeGreaterThanOrEqual(3);

    const missing = await get('/api/v1/public/compilation/999999');
    expect(missing.status).toBe(404);
    expect(ZErrorResponseSchema.parse(await missing.json()).errorMessage).toMatch(/[à-ỹ]/);
    expect((await get('/api/v1/public/compilation/abc')).status).toBe(400);
  });

  it('leaves out items whose content is not published, and unpublished compilations', async () => {
    const list = ZCompilationsResponseSchema.parse(await (await get('/api/v1/public/compilations')).json()).data;
    const first = ZCompilationResponseSchema.parse(
      await (await get(`/api/v1/public/compilation/${list.items[0]!.id}`)).json(),
    ).data;
    const book = first.items.find((item) => item.type === 'book')!;
    const db = t.db.database.db;
    await db.updateTable('books').set({ status: 'draft' }).where('id', '=', book.id).execute();
    const after = ZCompilationResponseSchema.parse(
      await (await get(`/api/v1/public/compilation/${list.items[0]!.id}`)).json(),
    ).data;
    expect(after.items.map((item) => item.url)).toEqual(
      first.items.filter((item) => item.url !== book.url).map((item) => item.url),
    );
    expect(after.itemCount).toBe(first.itemCount - 1);
    await db.updateTable('books').set({ status: 'published' }).where('id', '=', book.id).execute();

    const at = new Date().toISOString();
    const draftId = await createRepositories(db).compilations.insert({
      slug: 'ban-nhap',
      title: 'Bản nháp',
      introduction: null,
      cover_image: null,
      position: 99,
      status: 'draft',
      created_at: at,
      updated_at: at,
    });
    expect((await get(`/api/v1/public/compilation/${draftId}`)).status).toBe(404);
    const again = ZCompilationsResponseSchema.parse(await (await get('/api/v1/public/compilations')).json()).data;
    expect(again.total).toBe(plan.compilations.length);
  });

  it('seeds the compilations once, also for a library that imported the demo before they existed', async () => {
    const again = await t.services.demoImport.importCompilationsOnce();
    expect(again.imported).toBe(false);
    // A library from before: its marker is gone and one compilation exists already (kept as it is).
    const db = t.db.database.db;
    await db.deleteFrom('meta').where('key', '=', 'demo_compilations_imported_at').execute();
    const keep = (
      await db
        .selectFrom('compilations')
        .select('id')
        .where('slug', '=', plan.compilations[0]!.slug)
        .executeTakeFirstOrThrow()
    ).id;
    await db.deleteFrom('compilation_items').execute();
    await db.deleteFrom('compilations').where('id', '!=', keep).execute();
    const result = await t.services.demoImport.importCompilationsOnce();
    expect(result.imported).toBe(true);
    expect(result.compilations).toBe(plan.compilations.length - 1);
    const list = ZCompilationsResponseSchema.parse(await (await get('/api/v1/public/compilations')).json()).data;
    expect(list.items.map((c) => c.title)).toEqual(plan.compilations.map((c) => c.title));
  });
});
