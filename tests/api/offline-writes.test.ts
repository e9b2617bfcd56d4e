import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZOfflineWriteSchema, type OfflineWrite } from '#common/contracts/offline-write.schema.ts';
import { newReader } from '../factories/reader.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const meta = { ip: '127.0.0.1' };
const anchor = { paragraph: 'p-1', start: 0, end: 4, exact: 'Đoạn', prefix: '', suffix: ' 1.' };

/** A time `seconds` from now (negative: in the past). */
const at = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe.each(engines)('writes made offline, replayed on %s (decision 0039)', (engine) => {
  let t: TestApp;
  let alice: number;
  let bob: number;
  let book: MadeBook;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    book = await factories(t).book({
      chapters: [1, 2, 3].map((i) => ({ title: `Chương ${i}`, html: `<p id="p-1">Đoạn ${i}.</p>` })),
    });
    const signUp = async () => {
      const r = newReader();
      return (await t.services.auth.register({ ...r, confirmPassword: r.password }, meta)).user.id;
    };
    alice = await signUp();
    bob = await signUp();
  });
  afterAll(async () => {
    await t.close();
  });

  const apply = (userId: number, write: OfflineWrite) => t.services.offlineWrites.apply(userId, write);
  const highlight = (userId: number) =>
    t.services.notes.create(userId, {
      bookCode: book.code,
      chapterCode: book.chapters[0]!.code,
      color: 'yellow',
      content: 'Đoạn',
      anchor,
    });
  const noteUpdate = (noteId: number, body: string, changedAt: string): OfflineWrite => ({
    kind: 'note-update',
    clientId: crypto.randomUUID(),
    noteId,
    changes: { color: 'red', body },
    changedAt,
  });
  const noteDelete = (noteId: number, changedAt: string): OfflineWrite => ({
    kind: 'note-delete',
    clientId: crypto.randomUUID(),
    noteId,
    changedAt,
  });
  const statusOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: { status?: number }) => error.status,
    );

  it('applies a note edit made offline after the server’s last change, once, with the time it was made', async () => {
    const note = await highlight(alice);
    const changedAt = at(0);
    const edit = noteUpdate(note.id, 'Ghi lúc không có mạng', changedAt);
    expect(await apply(alice, edit)).toEqual({ applied: true, noteId: note.id });
    // Sent again (the answer was lost): the same state, nothing doubled.
    await apply(alice, edit);
    const now = await t.services.notes.get(alice, note.id);
    expect(now).toMatchObject({ body: 'Ghi lúc không có mạng', color: 'red' });
    expect(Date.parse(now.updatedAt)).toBe(Date.parse(changedAt));
  });

  it('keeps the server’s note when it changed after the edit or deletion made offline (the newest wins)', async () => {
    const note = await highlight(alice);
    const offlineAt = at(-60);
    await t.services.notes.update(alice, note.id, { body: 'Sửa trên máy khác, sau' });
    expect(await apply(alice, noteUpdate(note.id, 'Sửa khi không có mạng, trước', offlineAt))).toEqual({
      applied: false,
      noteId: note.id,
    });
    expect(await apply(alice, noteDelete(note.id, offlineAt))).toEqual({ applied: false });
    expect(await t.services.notes.get(alice, note.id)).toMatchObject({
      body: 'Sửa trên máy khác, sau',
      color: 'yellow',
    });
  });

  it('deletes a note deleted offline; sent again, it is absent (404), which the browser takes as done', async () => {
    const note = await highlight(alice);
    const kept = await highlight(alice);
    const deletion = noteDelete(note.id, at(0));
    expect(await apply(alice, deletion)).toEqual({ applied: true });
    expect(await statusOf(t.services.notes.get(alice, note.id))).toBe(404);
    expect(await statusOf(apply(alice, deletion))).toBe(404);
    expect(await statusOf(t.services.notes.get(alice, kept.id))).toBe(200);
  });

  it('gives another reader’s note 404 for an edit or a deletion, and leaves it as it was', async () => {
    const alices = await highlight(alice);
    expect(await statusOf(apply(bob, noteUpdate(alices.id, 'Của người khác', at(0))))).toBe(404);
    expect(await statusOf(apply(bob, noteDelete(alices.id, at(0))))).toBe(404);
    expect(await t.services.notes.get(alice, alices.id)).toMatchObject({ body: null, color: 'yellow' });
  });

  it('a reading place made offline wins over an older place in the book and loses to a newer one', async () => {
    const entry = (position: number, readAt: string) => ({
      bookCode: book.code,
      bookTitle: 'x',
      chapterCode: book.chapters[position - 1]!.code,
      chapterTitle: null,
      chapterPosition: position,
      paragraph: 'p-1',
      readAt,
    });
    const place = (position: number, readAt: string): OfflineWrite => ({
      kind: 'reading-position',
      clientId: crypto.randomUUID(),
      entry: entry(position, readAt),
    });
    await t.services.history.merge(bob, [entry(1, at(-120))]);
    expect(await apply(bob, place(2, at(-60)))).toEqual({ applied: true });
    expect((await t.services.history.list(bob))[0]).toMatchObject({ chapterCode: book.chapters[1]!.code });
    expect(await apply(bob, place(3, at(-90)))).toEqual({ applied: false });
    expect((await t.services.history.list(bob))[0]).toMatchObject({ chapterCode: book.chapters[1]!.code });
    // A device clock running ahead is held to the server's time: a later reading still wins.
    await apply(bob, place(3, at(3600)));
    const [last] = await t.services.history.list(bob);
    expect(last).toMatchObject({ chapterCode: book.chapters[2]!.code });
    expect(Date.parse(last!.readAt)).toBeLessThanOrEqual(Date.now());
    await t.services.history.record(bob, book.chapters[0]!.code);
    expect((await t.services.history.list(bob))[0]).toMatchObject({ chapterCode: book.chapters[0]!.code });
  });

  it('a talk’s place made offline wins over an older one and loses to a newer one', async () => {
    const code = 'talk-123456';
    const playback = (currentTime: number, changedAt: string): OfflineWrite => ({
      kind: 'playback',
      clientId: crypto.randomUUID(),
      playback: { code, currentTime },
      changedAt,
    });
    await t.services.playback.setCurrentTime(alice, code, 10);
    expect(await apply(alice, playback(99, at(-60)))).toEqual({ applied: false });
    expect(await t.services.playback.list(alice)).toContainEqual({ code, currentTime: 10 });
    expect(await apply(alice, playback(42.5, at(0)))).toEqual({ applied: true });
    expect(await t.services.playback.list(alice)).toContainEqual({ code, currentTime: 42.5 });
    expect(await t.services.playback.list(bob)).not.toContainEqual(expect.objectContaining({ code }));
  });

  it('the contract refuses what no browser queue makes, in Vietnamese', () => {
    expect(
      ZOfflineWriteSchema.safeParse({ kind: 'note-delete', clientId: crypto.randomUUID(), noteId: 1 }).success,
    ).toBe(false);
    expect(ZOfflineWriteSchema.safeParse({ kind: 'bookmark', clientId: crypto.randomUUID() }).success).toBe(false);
    const badId = ZOfflineWriteSchema.safeParse({ kind: 'note-delete', clientId: 'x', noteId: 1, changedAt: at(0) });
    expect(badId.error?.issues[0]?.message).toBe('Mã ghi chú trên máy không hợp lệ');
  });
});
