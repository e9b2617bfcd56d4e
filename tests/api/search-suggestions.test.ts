import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestion } from '#common/contracts/suggestion.schema.ts';
import { talkPath } from '#common/paths.ts';
import { toMatchForm } from '#common/text/match-form.ts';
import { factories } from '../factories/tables.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('search suggestions on %s', (engine) => {
  let t: TestApp;
  let make: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    make = factories(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function ask(query: string, extra: Record<string, string> = {}) {
    const res = await t.app.request(`/api/v1/public/search/suggestions?${new URLSearchParams({ query, ...extra })}`);
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }
  async function suggest(query: string, extra: Record<string, string> = {}): Promise<Suggestion[]> {
    const { status, json } = await ask(query, extra);
    expect(status, JSON.stringify(json)).toBe(200);
    return (json as { data: { items: Suggestion[] } }).data.items;
  }

  it('offers titles of books, talks and articles typed without diacritics, the best matches first', async () => {
    const book = await make.book({ title: 'Kinh Hải Ấn Tam Muội' });
    // A later word of this title starts with the query too: the book, whose kind leads, comes first.
    await make.article({ title: 'Bàn về Hải Ấn' });
    const items = await suggest('hai an');
    expect(items[0]).toMatchObject({ kind: 'book', text: book.title });
    expect(items[0]!.url).toBe(`/sach/${book.code}`);

    // A text starting with the query comes before one where a later word starts with it.
    await make.book({ title: 'Lịch sử chùa Việt' });
    await make.article({ title: 'Chùa Keo' });
    await make.talk({ title: 'Chuyện quê' });
    const chua = await suggest('chua');
    expect(chua.length).toBeGreaterThan(1);
    expect(toMatchForm(chua[0]!.text).startsWith('chua')).toBe(true);
    for (const s of chua)
      expect(
        toMatchForm(s.text)
          .split(' ')
          .some((w) => w.startsWith('chua')),
      ).toBe(true);
    expect(
      chua.every((s) => s.kind === 'article' || s.kind === 'book' || s.kind === 'audio' || s.kind === 'query'),
    ).toBe(true);

    // Talks: by their title, leading to the talk in its collection.
    const made = await make.talk({ title: 'Kinh Vô-lượng Nghĩa' });
    const talk = await suggest('vo luong');
    const found = talk.find((s) => s.kind === 'audio');
    expect(found?.text).toBe(made.title);
    expect(found?.url).toMatch(/^\/phap-am\/\d+\?nghe=\d+$/);
    expect(found?.url).toBe(talkPath(made.collection.id, made.id));

    // Every word of the query starting a word of the title, in any order, and unfinished.
    const anyOrder = await suggest('an ki');
    expect(anyOrder.map((s) => s.text)).toContain(book.title);
  });

  it('matches with diacritics, NFD and đ alike, and puts the texts written as typed first', async () => {
    const written = await make.article({ title: 'Đề-bà Đạt-đa' });
    const other = await make.book({ title: 'Dê ba chân' });
    const plain = await suggest('de ba');
    const marked = await suggest('Đề-bà');
    const nfd = await suggest('đề-bà'.normalize('NFD'));
    expect(plain.length).toBeGreaterThan(0);
    expect(new Set(marked.map((s) => s.url))).toEqual(new Set(plain.map((s) => s.url)));
    expect(nfd.map((s) => s.url)).toEqual(marked.map((s) => s.url));
    expect(plain.every((s) => toMatchForm(s.text).includes('de ba'))).toBe(true);
    // Typed plain, a book leads an article; typed with its marks, the article written so leads.
    expect(plain.map((s) => s.text).slice(0, 2)).toEqual([other.title, written.title]);
    expect(marked.map((s) => s.text).slice(0, 2)).toEqual([written.title, other.title]);
  });

  it('offers queries readers search often, at most three, and never one that is a title shown', async () => {
    // What the readers search for is in a book of the test's own (a search that finds nothing is not counted).
    const searched = await make.book({
      title: 'Sách thử các phép quán',
      chapters: [
        {
          title: 'Chương một',
          html: '<p id="p-1">Quán Thế Âm Bồ Tát, cũng gọi Quan Âm, dạy quán chiếu, quán niệm và buông quá khứ.</p>',
        },
      ],
    });
    // "Quán chiếu" is also an article's title.
    await make.article({ title: 'Quán chiếu' });
    // The index is made now, with this content; searching does not move the content generation.
    expect((await suggest('qua')).filter((s) => s.kind === 'query')).toEqual([]);
    const client = (i: number) => ({ ip: `10.0.0.${i}` });
    const search = (query: string) => ({
      query,
      mode: 'strict' as const,
      type: 'all' as const,
      conditions: [],
      page: 1,
      perPage: 10,
    });
    for (const query of ['quán thế âm bồ tát', 'quán thế âm', 'quan am', 'quán chiếu', 'quá khứ']) {
      for (let i = 1; i <= 2; i++) await t.services.search.search(search(query), client(i));
    }
    // Searched once: private, not offered.
    await t.services.search.search(search('quán niệm'), client(1));
    // Content did not change: the index is made again only when content changes or in 5 minutes.
    // A write to a content table moves the generation (migration 0019) and the index follows it.
    const before = await suggest('qua');
    expect(before.filter((s) => s.kind === 'query')).toEqual([]);
    await t.db.database.db
      .updateTable('books')
      .set({ title: 'Sách thử các phép quán, sửa' })
      .where('code', '=', searched.code)
      .execute();
    const items = await suggest('qua');
    const queries = items.filter((s) => s.kind === 'query');
    expect(queries.length).toBe(3);
    for (const q of queries) {
      expect(q.url).toBe(`/search?${new URLSearchParams({ query: q.text, mode: 'strict', type: 'all' })}`);
      expect(q.text).not.toBe('quán niệm');
    }
    // The article "Quán chiếu" is a title: the query "quán chiếu" is not offered beside it.
    const titles = items.filter((s) => s.kind !== 'query').map((s) => toMatchForm(s.text));
    expect(titles).toContain('quan chieu');
    for (const q of queries) expect(titles).not.toContain(toMatchForm(q.text));
  });

  it('forgets a title when its content is unpublished, at once', async () => {
    const made = await make.book({ title: 'Kinh Tạm Ẩn Thử' });
    const offered = async () => (await suggest('kinh tam an thu')).map((s) => s.text);
    expect(await offered()).toContain(made.title);
    await t.db.database.db.updateTable('books').set({ status: 'draft' }).where('code', '=', made.code).execute();
    expect(await offered()).not.toContain(made.title);
    await t.db.database.db.updateTable('books').set({ status: 'published' }).where('code', '=', made.code).execute();
    expect(await offered()).toContain(made.title);
  });

  it('keeps to the limit, and refuses a query of one character or an overlong one in Vietnamese', async () => {
    expect((await suggest('kinh', { limit: '2' })).length).toBe(2);
    expect((await suggest('kinh')).length).toBeLessThanOrEqual(8);
    for (const [query, extra, field, message] of [
      ['k', {}, 'query', 'Gõ ít nhất 2 ký tự để có gợi ý.'],
      ['   k  ', {}, 'query', 'Gõ ít nhất 2 ký tự để có gợi ý.'],
      ['x'.repeat(101), {}, 'query', 'Gợi ý chỉ dành cho từ khoá đến 100 ký tự.'],
      ['kinh', { limit: '0' }, 'limit', 'Số gợi ý phải từ 1 đến 10.'],
      ['kinh', { limit: 'abc' }, 'limit', 'Số gợi ý phải từ 1 đến 10.'],
    ] as const) {
      const { status, json } = await ask(query, extra);
      expect(status).toBe(400);
      expect(json.errorMessage).toBe('Thông tin gửi lên chưa hợp lệ, xin kiểm tra lại.');
      expect((json.fields as Record<string, string>)[field]).toBe(message);
    }
    const missing = await t.app.request('/api/v1/public/search/suggestions');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { fields: Record<string, string> }).fields.query).toBe(
      'Gõ ít nhất 2 ký tự để có gợi ý.',
    );
    // Hostile input is only text.
    const hostile = await ask('")(*%_\\');
    expect(hostile.status).toBe(200);
  });
});
