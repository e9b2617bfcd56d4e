import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKMARK_MESSAGES } from '#common/contracts/bookmark.schema.ts';
import { NOTE_MESSAGES } from '#common/contracts/note.schema.ts';
import { REMOVED_NOTE_KEEP_DAYS } from '#common/constants.ts';
import { ZOfflineWriteSchema, type OfflineWrite } from '#common/contracts/offline-write.schema.ts';
import { newReader } from '../factories/reader.ts';
import { readingPlace } from '../factories/reading-place.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook, type MadeTalk } from '../factories/tables.ts';
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

  const listed = (bookCode: string, saved: boolean, changedAt = at(0)): OfflineWrite => ({
    kind: 'reading-list',
    clientId: crypto.randomUUID(),
    bookCode,
    saved,
    changedAt,
  });
  const codesOf = async (userId: number) => (await t.services.favorites.list(userId)).map((b) => b.code);

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
    const entry = (position: number, readAt: string) => readingPlace(book, position, readAt);
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

  describe('talk bookmarks', () => {
    let talk: MadeTalk;
    beforeAll(async () => {
      talk = await factories(t).talk({ duration: 600 });
    });
    const bookmarkAdd = (time: number, changedAt = at(0)): OfflineWrite & { kind: 'bookmark-add' } => ({
      kind: 'bookmark-add',
      clientId: crypto.randomUUID(),
      bookmark: { audioId: talk.id, time },
      changedAt,
    });
    const bookmarkRemove = (bookmark: { id: number } | { clientId: string }, changedAt = at(0)): OfflineWrite => ({
      kind: 'bookmark-remove',
      clientId: crypto.randomUUID(),
      bookmark,
      changedAt,
    });
    const timesOf = async (userId: number) => (await t.services.bookmarks.list(userId, talk.id)).map((b) => b.time);

    it('adds a bookmark made offline once, however often it is sent', async () => {
      const reader = await factories(t).reader();
      const add = bookmarkAdd(61.5);
      const first = await apply(reader.id, add);
      expect(first).toMatchObject({ applied: true, bookmarkId: expect.any(Number) });
      expect(await apply(reader.id, add)).toEqual(first);
      await Promise.all([apply(reader.id, add), apply(reader.id, add)]);
      expect(await timesOf(reader.id)).toEqual([61.5]);
    });

    it('ends removed when added then removed offline, replayed once or twice', async () => {
      const reader = await factories(t).reader();
      const add = bookmarkAdd(12);
      const remove = bookmarkRemove({ clientId: add.clientId });
      for (const write of [add, remove]) await apply(reader.id, write);
      expect(await timesOf(reader.id)).toEqual([]);
      // The removal sent again finds nothing: 404, which the browser takes as done.
      expect(await statusOf(apply(reader.id, remove))).toBe(404);
      // The whole queue sent again, in its order (a reload before the answers came): the addition
      // finds its removal and makes nothing; the removal finds nothing (404, done).
      expect(await apply(reader.id, add)).toEqual({ applied: false });
      expect(await timesOf(reader.id)).toEqual([]);
      expect(await statusOf(apply(reader.id, remove))).toBe(404);
      expect(await timesOf(reader.id)).toEqual([]);
    });

    it('removes by id, and keeps a bookmark changed on the server after the removal made offline', async () => {
      const reader = await factories(t).reader();
      const early = await t.services.bookmarks.create(reader.id, { audioId: talk.id, time: 5 });
      const moved = await t.services.bookmarks.create(reader.id, { audioId: talk.id, time: 9 });
      expect(await apply(reader.id, bookmarkRemove({ id: early.id }))).toEqual({ applied: true });
      await t.services.bookmarks.update(reader.id, { id: moved.id, time: 10 });
      expect(await apply(reader.id, bookmarkRemove({ id: moved.id }, at(-60)))).toEqual({ applied: false });
      expect(await timesOf(reader.id)).toEqual([10]);
    });

    it('gives another reader’s bookmark 404, by id or by its browser-made id, and leaves it', async () => {
      const owner = await factories(t).reader();
      const other = await factories(t).reader();
      const add = bookmarkAdd(30);
      const { bookmarkId } = await apply(owner.id, add);
      expect(await statusOf(apply(other.id, bookmarkRemove({ id: bookmarkId! })))).toBe(404);
      expect(await statusOf(apply(other.id, bookmarkRemove({ clientId: add.clientId })))).toBe(404);
      // The same browser-made id sent by another account makes that account its own bookmark.
      await apply(other.id, add);
      expect(await timesOf(owner.id)).toEqual([30]);
      expect(await timesOf(other.id)).toEqual([30]);
    });

    it('refuses a bookmark past the talk’s end in Vietnamese', async () => {
      const reader = await factories(t).reader();
      const refused = (await apply(reader.id, bookmarkAdd(601)).catch((error: unknown) => error)) as {
        status: number;
        message: string;
      };
      expect(refused.status).toBe(400);
      expect(refused.message).toBe(BOOKMARK_MESSAGES.beyondEnd);
    });
  });

  describe('the reading list', () => {
    it('saves once, however often it is sent; saved then taken off offline ends off the list', async () => {
      const reader = await factories(t).reader();
      const save = listed(book.code, true, at(-2));
      expect(await apply(reader.id, save)).toEqual({ applied: true });
      expect(await apply(reader.id, save)).toEqual({ applied: true });
      expect(await codesOf(reader.id)).toEqual([book.code]);
      const unsave = listed(book.code, false, at(-1));
      for (const write of [unsave, save, unsave]) await apply(reader.id, write);
      expect(await codesOf(reader.id)).toEqual([]);
    });

    it('a taking off made offline loses to a later save on the server', async () => {
      const reader = await factories(t).reader();
      const offlineAt = at(-60);
      await t.services.favorites.save(reader.id, book.code);
      expect(await apply(reader.id, listed(book.code, false, offlineAt))).toEqual({ applied: false });
      expect(await codesOf(reader.id)).toEqual([book.code]);
    });

    it('touches only the sender’s list, and answers 404 in Vietnamese for a book that is not there', async () => {
      const owner = await factories(t).reader();
      const other = await factories(t).reader();
      await t.services.favorites.save(owner.id, book.code);
      expect(await apply(other.id, listed(book.code, false))).toEqual({ applied: true });
      expect(await codesOf(owner.id)).toEqual([book.code]);
      const refused = (await apply(other.id, listed('khong-co-sach-nay', true)).catch((error: unknown) => error)) as {
        status: number;
        message: string;
      };
      expect(refused).toMatchObject({ status: 404, message: 'Không tìm thấy sách này.' });
    });
  });

  describe('removals kept with their time (decision 0049): a late write loses to a later removal', () => {
    it('a book saved offline stays off when another device took it off after the save', async () => {
      const reader = await factories(t).reader();
      const savedOffline = listed(book.code, true, at(-60));
      await t.services.favorites.save(reader.id, book.code);
      await t.services.favorites.unsave(reader.id, book.code);
      expect(await apply(reader.id, savedOffline)).toEqual({ applied: false });
      expect(await codesOf(reader.id)).toEqual([]);
      // Saved offline after that taking-off: it is on the list again.
      expect(await apply(reader.id, listed(book.code, true, at(0)))).toEqual({ applied: true });
      expect(await codesOf(reader.id)).toEqual([book.code]);
    });

    it('the reading list ends as its newest change left it, whatever order two devices’ changes arrive in', async () => {
      const orders = [
        [0, 1],
        [1, 0],
      ];
      for (const savedFirst of [true, false])
        for (const alreadySaved of [true, false])
          for (const order of orders) {
            const reader = await factories(t).reader();
            if (alreadySaved) await apply(reader.id, listed(book.code, true, at(-600)));
            // The older change, then the newer one, each made offline on its own device.
            const changes = [listed(book.code, savedFirst, at(-120)), listed(book.code, !savedFirst, at(-60))];
            for (const i of order) await apply(reader.id, changes[i]!);
            const expected = savedFirst ? [] : [book.code];
            expect({ savedFirst, alreadySaved, order, list: await codesOf(reader.id) }).toEqual({
              savedFirst,
              alreadySaved,
              order,
              list: expected,
            });
          }
    });

    it('a bookmark added offline and removed on another device is not made again when sent again', async () => {
      const reader = await factories(t).reader();
      const talk = await factories(t).talk({ duration: 300 });
      const add: OfflineWrite = {
        kind: 'bookmark-add',
        clientId: crypto.randomUUID(),
        bookmark: { audioId: talk.id, time: 42 },
        changedAt: at(-30),
      };
      const { bookmarkId } = await apply(reader.id, add);
      await t.services.bookmarks.remove(reader.id, bookmarkId!);
      // The answer to the first sending was lost: the queue sends the addition again.
      expect(await apply(reader.id, add)).toEqual({ applied: false });
      expect(await t.services.bookmarks.list(reader.id, talk.id)).toEqual([]);
    });

    it('a highlight made offline and deleted on another device is not made again when sent again', async () => {
      const reader = await factories(t).reader();
      const made: OfflineWrite = {
        kind: 'highlight',
        clientId: crypto.randomUUID(),
        note: { bookCode: book.code, chapterCode: book.chapters[1]!.code, color: 'aqua', content: 'Đoạn', anchor },
      };
      const { noteId } = await apply(reader.id, made);
      await t.services.notes.remove(reader.id, noteId!);
      expect(await apply(reader.id, made)).toEqual({ applied: false });
      expect((await t.services.notes.listOfBook(reader.id, book.code, { page: 1, perPage: 50 })).total).toBe(0);
      // POST /notes with that browser-made id is refused in Vietnamese, not made again.
      if (made.kind !== 'highlight') throw new Error('a highlight');
      const refused = (await t.services.notes
        .create(reader.id, { ...made.note, clientId: made.clientId })
        .catch((error: unknown) => error)) as { status: number; message: string };
      expect(refused).toMatchObject({ status: 409, message: NOTE_MESSAGES.removed });
    });

    it('a note deleted on another device comes back with an edit made offline after the deletion', async () => {
      const group = await factories(t).noteGroup({ id: alice });
      const note = await t.services.notes.create(alice, {
        bookCode: book.code,
        chapterCode: book.chapters[2]!.code,
        color: 'yellow',
        content: 'Đoạn',
        anchor,
        noteGroupId: group.id,
      });
      await t.services.notes.remove(alice, note.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const edit = noteUpdate(note.id, 'Sửa khi không có mạng, sau khi xoá', at(0));
      expect(await apply(alice, edit)).toEqual({ applied: true, noteId: note.id });
      expect(await t.services.notes.get(alice, note.id)).toMatchObject({
        id: note.id,
        body: 'Sửa khi không có mạng, sau khi xoá',
        color: 'red',
        noteGroupId: group.id,
        chapterCode: book.chapters[2]!.code,
      });
      // A second edit made offline on the same note applies as to any note.
      expect(await apply(alice, noteUpdate(note.id, 'Sửa lần hai', at(0)))).toMatchObject({ applied: true });
      expect((await t.services.notes.get(alice, note.id)).body).toBe('Sửa lần hai');
    });

    it('keeps a deleted note’s words for REMOVED_NOTE_KEEP_DAYS only: older, an edit cannot bring it back', async () => {
      const reader = await factories(t).reader();
      const made = () =>
        t.services.notes.create(reader.id, {
          bookCode: book.code,
          chapterCode: book.chapters[0]!.code,
          color: 'yellow',
          content: 'Đoạn',
          anchor,
        });
      const old = await made();
      await t.services.notes.remove(reader.id, old.id);
      // Deleted REMOVED_NOTE_KEEP_DAYS and a day ago, as if the clock had been then.
      const longAgo = new Date(Date.now() - (REMOVED_NOTE_KEEP_DAYS + 1) * 86_400_000).toISOString();
      const removalsOf = () =>
        t.db.database.db.selectFrom('removals').where('user_id', '=', reader.id).where('kind', '=', 'note');
      await t.db.database.db
        .updateTable('removals')
        .set({ removed_at: longAgo })
        .where('user_id', '=', reader.id)
        .where('item_id', '=', old.id)
        .execute();
      expect(await statusOf(apply(reader.id, noteUpdate(old.id, 'Sửa sau', at(0))))).toBe(404);
      // The server's prune drops the words kept that long; a recent deletion keeps its own.
      const recent = await made();
      await t.services.notes.remove(reader.id, recent.id);
      await t.services.removalRetention.prune();
      const kept = await removalsOf().select(['item_id', 'item']).orderBy('item_id').execute();
      expect(kept.map((r) => [r.item_id, r.item === null])).toEqual([
        [old.id, true],
        [recent.id, false],
      ]);
    });

    it('a note deleted after an edit made offline stays deleted; another reader cannot bring it back', async () => {
      const note = await highlight(alice);
      const editedBefore = noteUpdate(note.id, 'Sửa khi không có mạng, trước khi xoá', at(-60));
      await t.services.notes.remove(alice, note.id);
      expect(await apply(alice, editedBefore)).toEqual({ applied: false });
      expect(await statusOf(t.services.notes.get(alice, note.id))).toBe(404);
      expect(await statusOf(apply(bob, noteUpdate(note.id, 'Của người khác', at(0))))).toBe(404);
      expect(await statusOf(t.services.notes.get(alice, note.id))).toBe(404);
      // A deletion made offline later than the first one moves its time: an edit between them loses.
      expect(await statusOf(apply(alice, noteDelete(note.id, at(0))))).toBe(404);
    });

    it('a reading place made offline before the history was cleared does not bring it back', async () => {
      const reader = await factories(t).reader();
      const place = (readAt: string): OfflineWrite => ({
        kind: 'reading-position',
        clientId: crypto.randomUUID(),
        entry: readingPlace(book, 1, readAt),
      });
      await t.services.history.record(reader.id, book.chapters[1]!.code);
      await t.services.history.clear(reader.id);
      expect(await apply(reader.id, place(at(-60)))).toEqual({ applied: false });
      expect(await t.services.history.list(reader.id)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await apply(reader.id, place(at(0)))).toEqual({ applied: true });
      expect(await t.services.history.list(reader.id)).toHaveLength(1);
    });
  });

  it('moves a device’s times onto the server’s clock: a device running behind still wins with a later change', async () => {
    const note = await highlight(alice);
    await t.services.notes.update(alice, note.id, { body: 'Sửa trên máy khác' });
    // Changed after that edit, and sent at once, on a device whose clock runs 5 minutes behind.
    const behind = 5 * 60;
    const changed = noteUpdate(note.id, 'Sửa sau, trên máy chậm giờ', at(-behind));
    const edit = { ...changed, sentAt: at(-behind) };
    // Without the time it was sent, the device's time is taken as it is: the change loses.
    const { sentAt: _sentAt, ...unsent } = edit;
    expect(await apply(alice, unsent)).toMatchObject({ applied: false });
    expect(await apply(alice, edit)).toMatchObject({ applied: true });
    const now = await t.services.notes.get(alice, note.id);
    expect(now.body).toBe('Sửa sau, trên máy chậm giờ');
    expect(Date.parse(now.updatedAt)).toBeLessThanOrEqual(Date.now());
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
