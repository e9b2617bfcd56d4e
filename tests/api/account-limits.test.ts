import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_JSON_BODY_BYTES, MAX_PAGE_SIZE, MY_NOTES_PAGE_SIZE } from '#common/constants.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZNoteSchema, ZNotesPageSchema } from '#common/contracts/note.schema.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { createTestApp, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

const anchor = { paragraph: 'p-1', start: 0, end: 14, exact: 'Như thị ngã văn', prefix: '', suffix: '' };
/** A highlight in chapter `position` of `book` (the chapter's first words). */
const highlight = (book: MadeBook, position = 1) => ({
  bookCode: book.code,
  chapterCode: book.chapters[position - 1]!.code,
  color: 'yellow',
  content: 'Như thị ngã văn',
  anchor,
});
const quote = (n: number) => ({ color: 'red', content: `Lời dạy ${n}`, sourceTitle: 'Kinh' });

/** What a test app of these tests lets one account keep and write (the defaults are far higher). */
const LIMITS = { notes: 30, noteGroups: 3, writes: 40, writeWindowMs: 60_000 };

describe.each(engines)('what one account may keep and write, on %s', (engine) => {
  let t: TestApp;
  let book: MadeBook;
  beforeAll(async () => {
    t = await createTestApp(engine, { accountLimits: LIMITS, demo: false });
    book = await factories(t).book();
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);

  const countRows = async (table: 'notes' | 'note_groups') =>
    Number(
      (
        await t.db.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const pageOf = async (path: string, token: string) => {
    const res = await api.get(path, { as: token });
    expect(res.status, path).toBe(200);
    return z.object({ data: ZNotesPageSchema }).parse(await res.json()).data;
  };
  /** Every page of a paged call, page after page. */
  const walk = async (path: string, token: string, perPage: number) => {
    const ids: number[] = [];
    let total = -1;
    for (let page = 1; page < 100; page++) {
      const data = await pageOf(`${path}?page=${page}&perPage=${perPage}`, token);
      expect(data).toMatchObject({ page, perPage });
      total = data.total;
      if (data.items.length === 0) break;
      expect(data.items.length).toBeLessThanOrEqual(perPage);
      ids.push(...data.items.map((n) => n.id));
    }
    return { ids, total };
  };

  it('refuses a note past the cap with a Vietnamese 409, and writes nothing', async () => {
    const token = await registerReader(t);
    for (let i = 0; i < LIMITS.notes; i++) expect((await api.post('/notes', quote(i), { as: token })).status).toBe(201);
    const before = await countRows('notes');
    const res = await api.post('/notes', highlight(book), { as: token });
    expect(res.status).toBe(409);
    expect(ZErrorResponseSchema.parse(await res.json()).errorMessage).toBe(
      `Bạn đã có ${LIMITS.notes} ghi chú, xin xoá bớt trước khi thêm.`,
    );
    expect(await countRows('notes')).toBe(before);
    // Another account is not held back; deleting one makes room again.
    expect((await api.post('/notes', quote(0), { as: await registerReader(t) })).status).toBe(201);
    const first = (await pageOf('/ungroup_notes', token)).items[0]!;
    expect((await api.delete(`/note/${first.id}`, { as: token })).status).toBe(200);
    expect((await api.post('/notes', quote(99), { as: token })).status).toBe(201);
  });

  it('refuses a note group past the cap with a Vietnamese 409, and writes nothing', async () => {
    const token = await registerReader(t);
    for (let i = 0; i < LIMITS.noteGroups; i++) {
      expect((await api.post('/note_groups', { name: `Nhóm ${i}` }, { as: token })).status).toBe(201);
    }
    const before = await countRows('note_groups');
    const res = await api.post('/note_groups', { name: 'Một nhóm nữa' }, { as: token });
    expect(res.status).toBe(409);
    expect(ZErrorResponseSchema.parse(await res.json()).errorMessage).toBe(
      `Bạn đã có ${LIMITS.noteGroups} nhóm ghi chú, xin xoá bớt trước khi tạo thêm.`,
    );
    expect(await countRows('note_groups')).toBe(before);
  });

  it('answers 429 once an account has used its write budget, for every kind of own thing', async () => {
    const token = await registerReader(t);
    const group = await api.post('/note_groups', { name: 'Nhóm' }, { as: token });
    const groupId = z.object({ data: z.object({ id: z.number() }) }).parse(await group.json()).data.id;
    // Spread over notes, groups, playlists, saved searches, saved books.
    const writes: [string, string, unknown][] = [
      ['POST', '/notes', quote(1)],
      ['PUT', `/note_group/${groupId}`, { name: 'Nhóm đổi tên' }],
      ['POST', '/create_playlist', { name: 'Danh sách' }],
      ['POST', '/search_collections', { query: 'bát nhã' }],
      ['POST', '/favorite_books', { bookCode: book.code }],
    ];
    let spent = 1;
    while (spent < LIMITS.writes) {
      const [method, path, body] = writes[spent % writes.length]!;
      const res = await api.request(method, path, body, { as: token });
      expect(res.status, `${path} #${spent}`).toBeLessThan(300);
      spent++;
    }
    const before = await countRows('notes');
    for (const [method, path, body] of writes) {
      const res = await api.request(method, path, body, { as: token });
      expect(res.status, path).toBe(429);
      expect(ZErrorResponseSchema.parse(await res.json()).errorMessage).toMatch(/thao tác quá nhanh/);
    }
    expect(await countRows('notes')).toBe(before);
    // Reading is not a write; another account has its own budget.
    expect((await api.get('/ungroup_notes', { as: token })).status).toBe(200);
    expect((await api.post('/notes', quote(2), { as: await registerReader(t) })).status).toBe(201);
  });

  it('pages the notes in no group and the notes of a book: every note exactly once', async () => {
    const token = await registerReader(t);
    const made: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api.post('/notes', i % 3 === 0 ? highlight(book, 2) : highlight(book), { as: token });
      made.push(z.object({ data: ZNoteSchema }).parse(await res.json()).data.id);
    }
    for (let i = 0; i < 11; i++) {
      const res = await api.post('/notes', quote(i), { as: token });
      made.push(z.object({ data: ZNoteSchema }).parse(await res.json()).data.id);
    }
    const ungrouped = await walk('/ungroup_notes', token, 5);
    expect(ungrouped.total).toBe(23);
    expect(ungrouped.ids).toHaveLength(23);
    expect([...ungrouped.ids].sort()).toEqual([...made].sort());

    const ofBook = await walk(`/book/${book.code}/my_notes`, token, 4);
    expect(ofBook.total).toBe(12);
    expect(new Set(ofBook.ids).size).toBe(12);
    expect([...ofBook.ids].sort()).toEqual(made.slice(0, 12).sort());

    // The defaults, and the largest page.
    expect(await pageOf('/ungroup_notes', token)).toMatchObject({ page: 1, perPage: MY_NOTES_PAGE_SIZE, total: 23 });
    for (const query of [`perPage=${MAX_PAGE_SIZE + 1}`, 'perPage=0', 'page=0', 'page=abc']) {
      const res = await api.get(`/ungroup_notes?${query}`, { as: token });
      expect(res.status, query).toBe(400);
      expect(ZErrorResponseSchema.parse(await res.json()).errorMessage).toMatch(/chưa hợp lệ/);
    }
  });

  it('still refuses a body over 1 MB with 413', async () => {
    const token = await registerReader(t);
    const before = await countRows('notes');
    const res = await api.post('/notes', { ...quote(1), body: 'a'.repeat(MAX_JSON_BODY_BYTES) }, { as: token });
    expect(res.status).toBe(413);
    expect(ZErrorResponseSchema.parse(await res.json()).errorCode).toBe('PAYLOAD_TOO_LARGE');
    expect(await countRows('notes')).toBe(before);
  });
});
