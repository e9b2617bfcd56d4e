import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZArticleAdminSchema, ZCategoryAdminSchema } from '#common/contracts/article-admin.schema.ts';
import { ZAuditPageSchema } from '#common/contracts/admin.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZSearchResponseSchema } from '#common/contracts/search.schema.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, loginAdmin, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const ZArticle = z.object({ data: ZArticleAdminSchema });

describe.each(engines)('news administration API on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    reader = await registerReader(t);
    admin = (await loginAdmin(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);

  const article = (extra: Record<string, unknown> = {}) => ({
    title: 'Khoá tu mùa hè 2026',
    bodyMarkdown: 'Chùa mở **khoá tu** cho các bạn trẻ.\n\nĐăng ký tại văn phòng chùa.',
    status: 'published',
    ...extra,
  });
  const publicArticle = (slug: string) => t.app.request(`/api/v1/public/article?slug=${slug}`);

  it('refuses anonymous callers (401) and readers (403) on every call', async () => {
    for (const [method, url, body] of [
      ['GET', '/admin/articles'],
      ['POST', '/admin/articles', article()],
      ['GET', '/admin/article/1'],
      ['PUT', '/admin/article/1', article()],
      ['DELETE', '/admin/article/1'],
      ['GET', '/admin/article_categories'],
      ['POST', '/admin/article_categories', { name: 'Tin chùa' }],
      ['DELETE', '/admin/article_category/1'],
      ['POST', '/admin/markdown_preview', { markdown: '# A' }],
    ] as const) {
      expect((await api.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      const res = await api.request(method, url, body, { as: reader });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(ZErrorResponseSchema.parse(await res.json()).errorMessage).toMatch(/quản trị viên/);
    }
  });

  it('writes in Markdown (sanitised), keeps drafts and scheduled articles from readers, publishes, searches, deletes', async () => {
    const category = await api.post('/admin/article_categories', { name: 'Tin chùa' }, { as: admin });
    expect(category.status).toBe(201);
    const categoryId = ((await category.json()) as { data: { id: number } }).data.id;

    const draftRes = await api.post('/admin/articles', article({ status: 'draft', categoryId }), { as: admin });
    expect(draftRes.status).toBe(201);
    const draft = ZArticle.parse(await draftRes.json()).data;
    expect(draft).toMatchObject({ slug: 'khoa-tu-mua-he-2026', status: 'draft', categoryName: 'Tin chùa' });
    expect(draft.bodyHtml).toBe(
      '<p id="p-1">Chùa mở <strong>khoá tu</strong> cho các bạn trẻ.</p>\n<p id="p-2">Đăng ký tại văn phòng chùa.</p>',
    );
    expect(draft.summary).toBe('Chùa mở khoá tu cho các bạn trẻ.');
    expect((await publicArticle(draft.slug)).status).toBe(404);

    const published = ZArticle.parse(
      await (await api.put(`/admin/article/${draft.id}`, article({ categoryId }), { as: admin })).json(),
    ).data;
    expect(published.status).toBe('published');
    expect((await publicArticle(draft.slug)).status).toBe(200);
    const search = ZSearchResponseSchema.parse(
      await (await api.post('/public/search', { query: 'khoa tu mua he', type: 'all' })).json(),
    ).data;
    expect(search.items.map((i) => i.url)).toContain('/tin-tuc/khoa-tu-mua-he-2026');

    // A date to come: published, but nobody reads it yet.
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const scheduled = ZArticle.parse(
      await (
        await api.post('/admin/articles', article({ title: 'Lễ Phật thành đạo', publishedAt: future }), { as: admin })
      ).json(),
    ).data;
    expect(scheduled.scheduled).toBe(true);
    expect((await publicArticle(scheduled.slug)).status).toBe(404);
    const list = (await (await api.get('/public/articles')).json()) as {
      data: { items: { slug: string }[] };
    };
    expect(list.data.items.map((a) => a.slug)).not.toContain(scheduled.slug);
    // A date in Vietnam time ("2026-01-05T08:30") is stored in UTC.
    const dated = ZArticle.parse(
      await (
        await api.put(
          `/admin/article/${scheduled.id}`,
          article({ title: 'Lễ Phật thành đạo', publishedAt: '2026-01-05T08:30' }),
          { as: admin },
        )
      ).json(),
    ).data;
    expect(dated.publishedAt).toBe('2026-01-05T01:30:00.000Z');
    expect((await publicArticle(dated.slug)).status).toBe(200);

    // Hostile Markdown comes out inert.
    const hostile = ZArticle.parse(
      await (
        await api.post(
          '/admin/articles',
          article({
            title: 'Thử mã độc',
            bodyMarkdown: 'Chữ <script>alert(1)</script> [bấm](javascript:alert(1)) <img src=x onerror=alert(1)>',
          }),
          { as: admin },
        )
      ).json(),
    ).data;
    expect(hostile.bodyHtml).not.toMatch(/script|javascript:|onerror/i);
    const preview = (await (
      await api.post('/admin/markdown_preview', { markdown: '# Tiêu đề\n\n<b onclick="x()">đậm</b>' }, { as: admin })
    ).json()) as {
      data: { html: string };
    };
    expect(preview.data.html).toBe('<h2>Tiêu đề</h2>\n<p id="p-1"><b>đậm</b></p>');

    // Bad input: 400 with the field; a slug taken by another article is refused.
    for (const [body, field] of [
      [article({ title: '  ' }), 'title'],
      [article({ bodyMarkdown: '  ' }), 'bodyMarkdown'],
      [article({ status: 'maybe' }), 'status'],
      [article({ publishedAt: 'hôm qua' }), 'publishedAt'],
      [article({ slug: 'Có Dấu' }), 'slug'],
      [article({ slug: 'khoa-tu-mua-he-2026' }), 'slug'],
      [article({ title: 'Bài khác hẳn', categoryId: 99999 }), 'categoryId'],
    ] as const) {
      const res = await api.post('/admin/articles', body, { as: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(ZErrorResponseSchema.parse(await res.json()).fields ?? {})).toContain(field);
    }

    // Deleting a category keeps its articles; deleting an article removes it from search.
    expect((await api.delete(`/admin/article_category/${categoryId}`, { as: admin })).status).toBe(200);
    expect(
      ZArticle.parse(await (await api.get(`/admin/article/${draft.id}`, { as: admin })).json()).data.categoryId,
    ).toBeNull();
    const categories = z
      .object({ data: z.array(ZCategoryAdminSchema) })
      .parse(await (await api.get('/admin/article_categories', { as: admin })).json());
    expect(categories.data).toEqual([]);
    expect((await api.delete(`/admin/article/${draft.id}`, { as: admin })).status).toBe(200);
    expect((await api.get(`/admin/article/${draft.id}`, { as: admin })).status).toBe(404);
    const after = ZSearchResponseSchema.parse(
      await (await api.post('/public/search', { query: 'khoa tu mua he', type: 'all' })).json(),
    ).data;
    expect(after.items.map((i) => i.url)).not.toContain('/tin-tuc/khoa-tu-mua-he-2026');

    const log = ZAuditPageSchema.parse(
      ((await (await api.get('/admin/audit?itemType=article', { as: admin })).json()) as { data: unknown }).data,
    );
    expect(log.items.map((e) => e.action)).toEqual(['delete', 'create', 'update', 'create', 'publish', 'create']);
  });

  it('sets an article cover: any image cut to 1200×630 WebP and served; not an image → 415; readers 403', async () => {
    const created = ZArticle.parse(
      await (await api.post('/admin/articles', article({ title: 'Bài có ảnh bìa' }), { as: admin })).json(),
    ).data;
    const upload = (token: string | null, bytes: Uint8Array, name = 'bia.png') => {
      const form = new FormData();
      form.append('file', new File([bytes as BlobPart], name));
      return api.post(`/admin/article/${created.id}/cover`, form, { as: token });
    };
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a4b1f' } })
      .png()
      .toBuffer();
    expect((await upload(null, png)).status).toBe(401);
    expect((await upload(reader, png)).status).toBe(403);
    const notImage = await upload(admin, new TextEncoder().encode('không phải ảnh'), 'bia.png');
    expect(notImage.status).toBe(415);
    expect(ZErrorResponseSchema.parse(await notImage.json()).errorMessage).toBe('Tệp này không phải là ảnh.');

    const res = await upload(admin, png);
    expect(res.status).toBe(200);
    const withCover = ZArticle.parse(await res.json()).data;
    expect(withCover.coverImage).toMatch(/^\/media\/articles\/bai-co-anh-bia-[0-9a-f]{8}\.webp$/);
    const served = await t.app.request(withCover.coverImage!);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    // The public article carries it (its page shows it, share previews use it).
    const publicRes = (await (await publicArticle(withCover.slug)).json()) as { data: { coverImage: string | null } };
    expect(publicRes.data.coverImage).toBe(withCover.coverImage);
    // A new cover replaces the file.
    const again = ZArticle.parse(await (await upload(admin, png)).json()).data;
    expect(again.coverImage).not.toBe(withCover.coverImage);
    expect((await t.app.request(withCover.coverImage!)).status).toBe(404);
  });
});
