import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RELATED_ARTICLE_COUNT,
  ZArticleCategoriesResponseSchema,
  ZArticleCategoryResponseSchema,
  ZArticleResponseSchema,
  ZArticlesResponseSchema,
} from '#common/contracts/article.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZSearchResponseSchema } from '#common/contracts/search.schema.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, DEMO_DIR, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const plan = JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'categories.json'), 'utf8')) as {
  categories: { slug: string; name: string }[];
  articles: Record<string, string>;
};
const demoArticleCount = Object.keys(plan.articles).length;
const demoCountOf = (categorySlug: string) => Object.values(plan.articles).filter((c) => c === categorySlug).length;
const demoDoc = (id: string) =>
  JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'articles', `${id}.json`), 'utf8')) as {
    source: { url: string };
    license: { spdx: string };
    chapters: { paragraphs: string[] }[];
  };

/** Stored HTML an attacker (or a careless import) could have written. */
const HOSTILE_HTML = [
  '<p onclick="steal()" style="color:red">Lời mở đầu <a href="javascript:alert(1)">bấm vào đây</a></p>',
  '<script>document.cookie</script>',
  '<p>Đoạn hai <img src="x" onerror="alert(2)"><img src="https://tracker.example/p.gif"></p>',
  '<iframe src="https://evil.example"></iframe>',
  '<p><a href="JAVASCRIPT:alert(3)" onmouseover="x()">liên kết</a> <a href="data:text/html,<script>alert(4)</script>">dữ liệu</a></p>',
  '<svg onload="alert(5)"><circle /></svg><style>body{display:none}</style>',
  '<p><img src="/media/chua.jpg" alt="Chùa"> <a href="https://vi.wikipedia.org/wiki/Chùa">Chùa</a></p>',
].join('\n');

function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<svg|<style|\son\w+=|javascript:|data:|style=|tracker\.example/i);
}

describe.each(engines)('news and articles on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string) => t.app.request(url);
  const expectVietnameseError = async (res: Response, status: number) => {
    expect(res.status).toBe(status);
    const body = ZErrorResponseSchema.parse(await res.json());
    expect(body.errorMessage).toMatch(/[à-ỹ]/);
  };

  it('lists articles newest first, page and per_page defaulting to 1 and 10, and bounded', async () => {
    const res = await get('/api/v1/public/articles');
    expect(res.status).toBe(200);
    const { data } = ZArticlesResponseSchema.parse(await res.json());
    expect(data.page).toBe(1);
    expect(data.perPage).toBe(10);
    expect(data.total).toBe(demoArticleCount);
    expect(data.items).toHaveLength(10);

    const all = ZArticlesResponseSchema.parse(await (await get('/api/v1/public/articles?per_page=100')).json()).data;
    expect(all.items).toHaveLength(demoArticleCount);
    const dates = all.items.map((a) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(all.items.map((a) => a.slug)).size).toBe(demoArticleCount);
    expect(all.items.slice(0, 10).map((a) => a.slug)).toEqual(data.items.map((a) => a.slug));
    for (const item of all.items) {
      expect(item.readingMinutes).toBeGreaterThanOrEqual(1);
      expect(item.category).not.toBeNull();
    }

    const lastPage = Math.ceil(demoArticleCount / 10);
    const last = ZArticlesResponseSchema.parse(await (await get(`/api/v1/public/articles?page=${lastPage}`)).json());
    expect(last.data.items.map((a) => a.slug)).toEqual(all.items.slice((lastPage - 1) * 10).map((a) => a.slug));
    const beyond = ZArticlesResponseSchema.parse(
      await (await get(`/api/v1/public/articles?page=${lastPage + 1}`)).json(),
    );
    expect(beyond.data.items).toEqual([]);

    for (const bad of ['per_page=101', 'per_page=0', 'page=0', 'page=abc', 'per_page=-5', 'page=1.5']) {
      await expectVietnameseError(await get(`/api/v1/public/articles?${bad}`), 400);
    }
  });

  it('lists the categories in their order with their article counts', async () => {
    const res = await get('/api/v1/public/all_categories');
    expect(res.status).toBe(200);
    const { data } = ZArticleCategoriesResponseSchema.parse(await res.json());
    expect(data.items.map((c) => [c.slug, c.name])).toEqual(plan.categories.map((c) => [c.slug, c.name]));
    for (const category of data.items) expect(category.articleCount).toBe(demoCountOf(category.slug));
  });

  it('shows one category with a page of its articles; unknown or malformed slugs are 404 and 400', async () => {
    const slug = plan.categories.at(-1)!.slug;
    const res = await get(`/api/v1/public/article_category?slug=${slug}`);
    expect(res.status).toBe(200);
    const { data } = ZArticleCategoryResponseSchema.parse(await res.json());
    expect(data.category.slug).toBe(slug);
    expect(data.total).toBe(demoCountOf(slug));
    expect(data.page).toBe(1);
    expect(data.perPage).toBe(10);
    expect(data.items).toHaveLength(Math.min(10, demoCountOf(slug)));
    expect(data.items.every((a) => a.category?.slug === slug)).toBe(true);

    const second = ZArticleCategoryResponseSchema.parse(
      await (await get(`/api/v1/public/article_category?slug=${slug}&page=2&per_page=2`)).json(),
    ).data;
    expect(second.items.map((a) => a.slug)).toEqual(data.items.slice(2, 4).map((a) => a.slug));

    await expectVietnameseError(await get('/api/v1/public/article_category?slug=khong-co-chuyen-muc-nay'), 404);
    await expectVietnameseError(await get('/api/v1/public/article_category'), 400);
    await expectVietnameseError(await get('/api/v1/public/article_category?slug=..%2Fetc'), 400);
    await expectVietnameseError(await get(`/api/v1/public/article_category?slug=${slug}&per_page=500`), 400);
  });

  it('shows an article: sanitised body with numbered paragraphs, licence, source and related articles', async () => {
    const [id, categorySlug] = Object.entries(plan.articles).find(([, c]) => demoCountOf(c) > 1)!;
    const slug = id.replace(/^viwiki-/, '');
    const res = await get(`/api/v1/public/article?slug=${slug}`);
    expect(res.status).toBe(200);
    const { data } = ZArticleResponseSchema.parse(await res.json());
    const doc = demoDoc(id);
    expect(data.slug).toBe(slug);
    expect(data.category?.slug).toBe(categorySlug);
    expect(data.bodyHtml).toContain('<p id="p-1">');
    const paragraphs = doc.chapters.flatMap((c) => c.paragraphs).length;
    expect(data.bodyHtml).toContain(`<p id="p-${paragraphs}">`);
    expect(data.bodyHtml).not.toContain(`<p id="p-${paragraphs + 1}">`);
    expect(data.license?.spdx).toBe(doc.license.spdx);
    expect(data.sourceUrl).toBe(doc.source.url);
    expect(data.related.length).toBe(Math.min(RELATED_ARTICLE_COUNT, demoCountOf(categorySlug) - 1));
    expect(data.related.every((a) => a.category?.slug === categorySlug && a.slug !== slug)).toBe(true);

    await expectVietnameseError(await get('/api/v1/public/article?slug=khong-co-bai-nay'), 404);
    await expectVietnameseError(await get('/api/v1/public/article'), 400);
    await expectVietnameseError(await get('/api/v1/public/article?slug=%3Cscript%3E'), 400);
  });

  it('serves stored HTML with scripts, event handlers and javascript: links inert', async () => {
    const repos = createRepositories(t.db.database.db);
    const at = new Date().toISOString();
    await repos.articles.insert({
      slug: 'bai-viet-doc-hai',
      category_id: null,
      title: 'Bài viết có mã độc',
      summary: null,
      body_html: HOSTILE_HTML,
      cover_image: null,
      author: null,
      status: 'published',
      published_at: at,
      created_at: at,
      updated_at: at,
      license_spdx: 'CC-BY-SA-4.0',
      license_name: 'CC BY-SA 4.0',
      license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
      license_attribution: null,
      license_note: null,
      source_url: null,
    });
    const { data } = ZArticleResponseSchema.parse(
      await (await get('/api/v1/public/article?slug=bai-viet-doc-hai')).json(),
    );
    expectInert(data.bodyHtml);
    // The words stay; allowed images and links stay.
    for (const text of ['Lời mở đầu', 'bấm vào đây', 'Đoạn hai', 'liên kết', 'dữ liệu'])
      expect(data.bodyHtml).toContain(text);
    expect(data.bodyHtml).toContain('<img src="/media/chua.jpg" alt="Chùa"');
    expect(data.bodyHtml).toContain('href="https://vi.wikipedia.org/wiki/Chùa"');
    expect(data.related).toEqual([]);
    // It shows up in the feed too, as the newest.
    const feed = ZArticlesResponseSchema.parse(await (await get('/api/v1/public/articles?per_page=1')).json()).data;
    expect(feed.items[0]!.slug).toBe('bai-viet-doc-hai');
  });

  it('sanitises on write: an article created through the service is stored clean and searchable by paragraph', async () => {
    const at = new Date().toISOString();
    const id = await t.services.articles.createArticle({
      slug: 'bai-viet-moi-sach',
      category_id: null,
      title: 'Bài viết mới',
      summary: null,
      body_html: `${HOSTILE_HTML}\n<p>Chánh niệm tỉnh giác trong từng hơi thở</p>`,
      cover_image: null,
      author: 'Ban biên tập',
      status: 'published',
      published_at: at,
      created_at: at,
      updated_at: at,
      license_spdx: 'CC-BY-SA-4.0',
      license_name: 'CC BY-SA 4.0',
      license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
      license_attribution: null,
      license_note: null,
      source_url: null,
    });
    const stored = await createRepositories(t.db.database.db).articles.findById(id);
    expectInert(stored!.body_html);
    expect(stored!.body_html).toMatch(/<p id="p-5">Chánh niệm/);

    const res = await t.app.request('/api/v1/public/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'chanh niem tinh giac trong tung hoi tho', mode: 'broad', type: 'article' }),
    });
    const { data } = ZSearchResponseSchema.parse(await res.json());
    const hit = data.items.find((i) => i.url === '/tin-tuc/bai-viet-moi-sach');
    expect(hit?.passages[0]?.url).toBe('/tin-tuc/bai-viet-moi-sach#p-5');
  });

  it('points article search hits at the paragraph they found', async () => {
    const doc = demoDoc('viwiki-vu-lan');
    const paragraphs = doc.chapters.flatMap((c) => c.paragraphs);
    const n = paragraphs.findIndex((p) => p.includes('Thanh Đề'));
    expect(n).toBeGreaterThanOrEqual(0);
    const res = await t.app.request('/api/v1/public/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'bà Thanh Đề', type: 'article' }),
    });
    const { data } = ZSearchResponseSchema.parse(await res.json());
    const hit = data.items.find((i) => i.url === '/tin-tuc/vu-lan');
    expect(hit?.passages.map((p) => p.url)).toContain(`/tin-tuc/vu-lan#p-${n + 1}`);
  });
});
