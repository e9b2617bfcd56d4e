import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OFFLINE_WRITE_MAX_AGE_DAYS, REMOVED_NOTE_KEEP_DAYS } from '#common/constants.ts';
import { OFFLINE_WRITE_MESSAGES, type OfflineWrite } from '#common/contracts/offline-write.schema.ts';
import type { RemovalKind } from '#server/db/schema.ts';
import { availableEngines } from '../support/databases.ts';
import { readingPlace } from '../factories/reading-place.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const DAY_MS = 86_400_000;
const anchor = { paragraph: 'p-1', start: 0, end: 4, exact: 'Đoạn', prefix: '', suffix: ' 1.' };

/** A time `days` before now. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe.each(engines)('what the server keeps of a reader’s removals, on %s (decision 0049)', (engine) => {
  let t: TestApp;
  let book: MadeBook;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    book = await factories(t).book({ chapters: [{ title: 'Chương 1', html: '<p id="p-1">Đoạn 1.</p>' }] });
  });
  afterAll(async () => {
    await t.close();
  });

  const removalsOf = (userId: number) =>
    t.db.database.db
      .selectFrom('removals')
      .select(['kind', 'item_id', 'item'])
      .where('user_id', '=', userId)
      .orderBy('kind')
      .orderBy('item_id')
      .execute();
  /** Moves a removal back in time, as if it had been made then. */
  const backdate = (userId: number, kind: RemovalKind, removedAt: string) =>
    t.db.database.db
      .updateTable('removals')
      .set({ removed_at: removedAt })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();
  /** A reader who saved the book and took it off again. */
  const readerWhoTookItOff = async () => {
    const reader = await factories(t).reader();
    await t.services.favorites.save(reader.id, book.code);
    await t.services.favorites.unsave(reader.id, book.code);
    return reader.id;
  };
  const savedOffline = (changedAt: string): OfflineWrite => ({
    kind: 'reading-list',
    clientId: crypto.randomUUID(),
    bookCode: book.code,
    saved: true,
    changedAt,
  });

  it('deletes every reader’s removals past the window and a deleted note’s words past theirs; keeps the rest', async () => {
    const old = await readerWhoTookItOff();
    const fresh = await readerWhoTookItOff();
    await backdate(old, 'reading-list', daysAgo(OFFLINE_WRITE_MAX_AGE_DAYS + 1));
    const writer = await factories(t).reader();
    const note = await t.services.notes.create(writer.id, {
      bookCode: book.code,
      chapterCode: book.chapters[0]!.code,
      color: 'yellow',
      content: 'Đoạn',
      body: 'Lời riêng của người đọc',
      anchor,
    });
    await t.services.notes.remove(writer.id, note.id);
    await backdate(writer.id, 'note', daysAgo(REMOVED_NOTE_KEEP_DAYS + 1));

    // Two processes on one database prune at the same moment: neither fails, the end is the same.
    await Promise.all([t.services.removalRetention.prune(), t.services.removalRetention.prune()]);
    expect(await removalsOf(old)).toEqual([]);
    expect(await removalsOf(fresh)).toEqual([{ kind: 'reading-list', item_id: expect.any(Number), item: null }]);
    // The note's removal stays (its time still counts); its words are gone.
    expect(await removalsOf(writer.id)).toEqual([{ kind: 'note', item_id: note.id, item: null }]);
    expect(await t.services.removalRetention.prune()).toEqual({ deleted: 0, emptied: 0 });
  });

  it('within the window the newest change still wins after a prune; past it, a change made offline is refused', async () => {
    const reader = await readerWhoTookItOff();
    await backdate(reader, 'reading-list', daysAgo(OFFLINE_WRITE_MAX_AGE_DAYS - 1));
    await t.services.removalRetention.prune();
    // Saved on a device before that taking-off, sent only now: it loses.
    const apply = (write: OfflineWrite) => t.services.offlineWrites.apply(reader, write);
    expect(await apply(savedOffline(daysAgo(OFFLINE_WRITE_MAX_AGE_DAYS - 0.5)))).toEqual({ applied: false });
    expect(await t.services.favorites.isSaved(reader, book.code)).toBe(false);
    // Made longer ago than the window: refused in Vietnamese (the browser drops it and says why).
    const refusal = { status: 409, message: OFFLINE_WRITE_MESSAGES.tooOld(OFFLINE_WRITE_MAX_AGE_DAYS) };
    await expect(apply(savedOffline(daysAgo(OFFLINE_WRITE_MAX_AGE_DAYS + 1)))).rejects.toMatchObject(refusal);
    const highlight = (changedAt?: string): OfflineWrite => ({
      kind: 'highlight',
      clientId: crypto.randomUUID(),
      note: { bookCode: book.code, chapterCode: book.chapters[0]!.code, color: 'yellow', content: 'Đoạn', anchor },
      ...(changedAt ? { changedAt } : {}),
    });
    await expect(apply(highlight(daysAgo(OFFLINE_WRITE_MAX_AGE_DAYS + 1)))).rejects.toMatchObject(refusal);
    // A highlight from a queue made before highlights carried their time is still made.
    expect(await apply(highlight())).toMatchObject({ applied: true });
    // The history a device kept before login joins the account only within the window too.
    await t.services.history.merge(reader, [readingPlace(book, 1, daysAgo(OFFLINE_WRITE_MAX_AGE_DAYS + 1))]);
    expect(await t.services.history.list(reader)).toEqual([]);
    await t.services.history.merge(reader, [readingPlace(book, 1, daysAgo(1))]);
    expect(await t.services.history.list(reader)).toHaveLength(1);
  });

  it('prunes at once when started, then on its timer, until stopped', async () => {
    const first = await readerWhoTookItOff();
    await backdate(first, 'reading-list', daysAgo(OFFLINE_WRITE_MAX_AGE_DAYS + 1));
    const stop = t.services.removalRetention.start(20);
    try {
      await vi.waitFor(async () => expect(await removalsOf(first)).toEqual([]));
      const second = await readerWhoTookItOff();
      await backdate(second, 'reading-list', daysAgo(OFFLINE_WRITE_MAX_AGE_DAYS + 1));
      await vi.waitFor(async () => expect(await removalsOf(second)).toEqual([]));
    } finally {
      stop();
    }
  });
});
