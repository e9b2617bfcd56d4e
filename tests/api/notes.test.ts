import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSessionResponseSchema } from '#common/contracts/auth.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZFavoriteBooksResponseSchema } from '#common/contracts/favorite.schema.ts';
import { ZNoteSchema, ZNotesPageSchema, ZPublicNoteSchema } from '#common/contracts/note.schema.ts';
import { z } from 'zod';
import { newReader } from '../factories/reader.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { createTestApp, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

const anchor = { paragraph: 'p-1', start: 0, end: 14, exact: 'Như thị ngã văn', prefix: '', suffix: ': Nhất thời' };
const highlightIn = (book: MadeBook) => ({
  bookCode: book.code,
  chapterCode: book.chapters[0]!.code,
  color: 'yellow',
  content: 'Như thị ngã văn',
  anchor,
});

describe.each(engines)('notes and reading list API on %s', (engine) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  // The books the notes are on and the reading list keeps, made here (the chapter opens with the anchor's words).
  let book: MadeBook;
  let other: MadeBook;
  let highlight: ReturnType<typeof highlightIn>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const signUp = () => registerReader(t);
    alice = await signUp();
    bob = await signUp();
    book = await factories(t).book();
    other = await factories(t).book();
    highlight = highlightIn(book);
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);

  const createNote = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await api.post('/notes', { ...highlight, ...extra }, { as: token });
    expect(res.status).toBe(201);
    return z.object({ data: ZNoteSchema }).parse(await res.json()).data;
  };

  it('creates a highlight with its anchor and note, and lists it for its book', async () => {
    const note = await createNote(alice, { body: 'Tôi nghe như vầy' });
    expect(note).toMatchObject({
      bookCode: book.code,
      chapterCode: book.chapters[0]!.code,
      chapterPosition: 1,
      color: 'yellow',
      content: 'Như thị ngã văn',
      body: 'Tôi nghe như vầy',
      anchor,
      noteGroupId: null,
      isPublic: false,
    });
    const list = await api.get(`/book/${book.code}/my_notes`, { as: alice });
    expect(list.status).toBe(200);
    const notes = z.object({ data: ZNotesPageSchema }).parse(await list.json()).data.items;
    expect(notes.map((n) => n.id)).toContain(note.id);
    // Bob sees none of Alice's notes.
    const bobs = z
      .object({ data: ZNotesPageSchema })
      .parse(await (await api.get(`/book/${book.code}/my_notes`, { as: bob })).json());
    expect(bobs.data).toEqual({ items: [], total: 0, page: 1, perPage: 50 });
  });

  it('lets only the owner read, change or delete a note: others get 404', async () => {
    const note = await createNote(alice);
    for (const [method, path, body] of [
      ['GET', `/note/${note.id}`, undefined],
      ['PUT', `/note/${note.id}`, { color: 'red' }],
      ['DELETE', `/note/${note.id}`, undefined],
    ] as const) {
      const res = await api.request(method, path, body, { as: bob });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(ZErrorResponseSchema.parse(await res.json()).errorMessage).toBe('Không tìm thấy ghi chú này.');
    }
    expect((await api.post('/order_notes', { ids: [note.id] }, { as: bob })).status).toBe(404);
    // Alice still has it, unchanged.
    const mine = z
      .object({ data: ZNoteSchema })
      .parse(await (await api.get(`/note/${note.id}`, { as: alice })).json()).data;
    expect(mine.color).toBe('yellow');
    // Anonymous callers are asked to log in.
    for (const path of [`/note/${note.id}`, '/ungroup_notes', `/book/${book.code}/my_notes`, '/favorite_books']) {
      expect((await api.get(path)).status, path).toBe(401);
    }
  });

  it('updates colour and note, shares it publicly, and deletes it', async () => {
    const note = await createNote(alice);
    const updated = await api.put(`/note/${note.id}`, { color: 'aqua', body: 'Ghi chú mới' }, { as: alice });
    expect(updated.status).toBe(200);
    expect(z.object({ data: ZNoteSchema }).parse(await updated.json()).data).toMatchObject({
      color: 'aqua',
      body: 'Ghi chú mới',
    });
    // Private: not public yet.
    expect((await api.get(`/public/note/${note.id}`)).status).toBe(404);
    await api.put(`/note/${note.id}`, { isPublic: true }, { as: alice });
    const shared = await api.get(`/public/note/${note.id}`);
    expect(shared.status).toBe(200);
    const publicNote = z.object({ data: ZPublicNoteSchema }).parse(await shared.json()).data;
    expect(publicNote.content).toBe('Như thị ngã văn');
    expect(Object.keys(publicNote)).not.toContain('noteGroupId');
    expect((await api.delete(`/note/${note.id}`, { as: alice })).status).toBe(200);
    expect((await api.get(`/note/${note.id}`, { as: alice })).status).toBe(404);
    expect((await api.get(`/public/note/${note.id}`)).status).toBe(404);
  });

  it('refuses bad input with 4xx and Vietnamese messages, writing nothing', async () => {
    const before = (await t.db.database.db.selectFrom('notes').select('id').execute()).length;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...highlight, color: 'green' }, 400, 'color'],
      [{ ...highlight, anchor: undefined }, 400, 'anchor'],
      [{ ...highlight, anchor: { ...anchor, end: 0 } }, 400, 'anchor.end'],
      [{ ...highlight, anchor: { ...anchor, paragraph: '<script>' } }, 400, 'anchor.paragraph'],
      [{ ...highlight, body: 'x'.repeat(10_001) }, 400, 'body'],
      [{ ...highlight, content: '   ' }, 400, 'content'],
      [{ ...highlight, bookCode: 'khong-co', chapterCode: 'khong-co-1' }, 404, 'chapterCode'],
      [{ ...highlight, bookCode: other.code }, 404, 'chapterCode'],
    ];
    for (const [body, status, field] of cases) {
      const res = await api.post('/notes', body, { as: alice });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const error = ZErrorResponseSchema.parse(await res.json());
      expect(Object.keys(error.fields ?? {})).toContain(field);
      expect(error.errorMessage).toMatch(/[ạ-ỹđ]/);
    }
    expect((await t.db.database.db.selectFrom('notes').select('id').execute()).length).toBe(before);
    expect((await api.put('/note/1', {}, { as: alice })).status).toBe(400);
    expect((await api.get('/note/abc', { as: alice })).status).toBe(400);
    expect((await api.get('/book/khong-co/my_notes', { as: alice })).status).toBe(404);
    expect((await api.post('/order_notes', { ids: [] }, { as: alice })).status).toBe(400);
  });

  it('makes a highlight sent with a browser-made id once, however often and however at once it is sent', async () => {
    const count = async (user: string) =>
      z
        .object({ data: ZNotesPageSchema })
        .parse(await (await api.get(`/book/${book.code}/my_notes?perPage=100`, { as: user })).json()).data.items.length;
    const before = await count(alice);
    const clientId = crypto.randomUUID();
    const first = await createNote(alice, { clientId, color: 'red' });
    // Replayed after an answer lost on the way back: the same note, nothing new.
    const again = await createNote(alice, { clientId, color: 'red' });
    expect(again.id).toBe(first.id);
    // Two tabs replaying the same queue at the same moment.
    const racing = crypto.randomUUID();
    const both = await Promise.all([createNote(alice, { clientId: racing }), createNote(alice, { clientId: racing })]);
    expect(both[0].id).toBe(both[1].id);
    expect(await count(alice)).toBe(before + 2);
    // Another reader's id space is their own: the same id makes Bob his own note.
    const bobs = await createNote(bob, { clientId });
    expect(bobs.id).not.toBe(first.id);
    expect((await api.get(`/note/${first.id}`, { as: alice })).status).toBe(200);
    // An id that is not one a browser makes is refused in Vietnamese.
    const bad = await api.post('/notes', { ...highlight, clientId: 'not-a-uuid' }, { as: alice });
    expect(bad.status).toBe(400);
    const error = ZErrorResponseSchema.parse(await bad.json());
    expect(error.fields?.clientId).toBe('Mã ghi chú trên máy không hợp lệ');
  });

  it('lists notes in no group in the reader’s own order', async () => {
    const a = await createNote(alice, { color: 'red' });
    const b = await createNote(alice, { color: 'aqua' });
    expect((await api.post('/order_notes', { ids: [b.id, a.id] }, { as: alice })).status).toBe(200);
    const list = z
      .object({ data: ZNotesPageSchema })
      .parse(await (await api.get('/ungroup_notes', { as: alice })).json()).data.items;
    const ids = list.map((n) => n.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(list.every((n) => n.noteGroupId === null)).toBe(true);
  });

  it('keeps a reading list: save, list as favBooks, remove; only one’s own', async () => {
    const saved = await api.post('/favorite_books', { bookCode: other.code }, { as: alice });
    expect(saved.status).toBe(201);
    await api.post('/favorite_books', { bookCode: other.code }, { as: alice }); // twice is once
    const list = ZFavoriteBooksResponseSchema.parse(await (await api.get('/favorite_books', { as: alice })).json());
    expect(list.data.favBooks.map((b) => b.code)).toEqual([other.code]);
    expect(
      ZFavoriteBooksResponseSchema.parse(await (await api.get('/favorite_books', { as: bob })).json()).data.favBooks,
    ).toEqual([]);
    expect((await api.delete(`/favorite_books/${other.code}`, { as: bob })).status).toBe(404);
    expect((await api.post('/favorite_books', { bookCode: 'khong-co' }, { as: alice })).status).toBe(404);
    expect((await api.post('/favorite_books', {}, { as: alice })).status).toBe(400);
    expect((await api.delete(`/favorite_books/${other.code}`, { as: alice })).status).toBe(200);
    expect(
      ZFavoriteBooksResponseSchema.parse(await (await api.get('/favorite_books', { as: alice })).json()).data.favBooks,
    ).toEqual([]);
  });

  it('deleting an account deletes its notes and reading list', async () => {
    const reader = newReader();
    const session = ZSessionResponseSchema.parse(
      await (await api.post('/public/user/register', { ...reader, confirmPassword: reader.password })).json(),
    ).data;
    await createNote(session.token);
    await api.post('/favorite_books', { bookCode: other.code }, { as: session.token });
    expect((await api.delete('/me', { as: session.token, body: { password: reader.password } })).status).toBe(200);
    const db = t.db.database.db;
    expect(await db.selectFrom('notes').select('id').where('user_id', '=', session.user.id).execute()).toEqual([]);
    expect(await db.selectFrom('favorite_books').select('id').where('user_id', '=', session.user.id).execute()).toEqual(
      [],
    );
  });
});
