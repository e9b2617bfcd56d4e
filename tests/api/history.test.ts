import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReader } from '../factories/reader.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const meta = { ip: '127.0.0.1' };

describe.each(engines)('reading history on %s', (engine) => {
  let t: TestApp;
  let alice: number;
  let bob: number;
  // Books of the test's own: the first long enough for a device entry at chapter 9.
  let long: MadeBook;
  let short: MadeBook;
  let other: MadeBook;
  const chapter = (book: MadeBook, position: number) => book.chapters[position - 1]!.code;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    const make = factories(t);
    long = await make.book({
      chapters: Array.from({ length: 9 }, (_, i) => ({
        title: `Chương ${i + 1}`,
        html: `<p id="p-1">Đoạn ${i + 1}.</p>`,
      })),
    });
    short = await make.book();
    other = await make.book();
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

  // Readings a few milliseconds apart, so "newest first" has one answer.
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('keeps one entry per book, the latest place, newest first; each reader sees only their own', async () => {
    await t.services.history.record(alice, chapter(long, 1));
    await tick();
    await t.services.history.record(alice, chapter(short, 1), 'p-2');
    await tick();
    await t.services.history.record(alice, chapter(long, 3), 'p-4');
    await t.services.history.record(alice, 'khong-co-chuong'); // ignored
    const list = await t.services.history.list(alice);
    expect(list.map((e) => [e.bookCode, e.chapterCode, e.paragraph])).toEqual([
      [long.code, chapter(long, 3), 'p-4'],
      [short.code, chapter(short, 1), 'p-2'],
    ]);
    expect(await t.services.history.list(bob)).toEqual([]);
  });

  it('merges a device history: the most recent reading of each book wins', async () => {
    const old = '2020-01-01T00:00:00.000Z';
    const future = new Date(Date.now() + 60_000).toISOString();
    await t.services.history.merge(alice, [
      {
        bookCode: long.code,
        bookTitle: 'x',
        chapterCode: chapter(long, 9),
        chapterTitle: null,
        chapterPosition: 9,
        paragraph: null,
        readAt: old,
      },
      {
        bookCode: other.code,
        bookTitle: 'x',
        chapterCode: chapter(other, 1),
        chapterTitle: null,
        chapterPosition: 1,
        paragraph: 'p-3',
        readAt: future,
      },
      {
        bookCode: 'sai-sach',
        bookTitle: 'x',
        chapterCode: chapter(other, 1),
        chapterTitle: null,
        chapterPosition: 1,
        paragraph: null,
        readAt: future,
      },
    ]);
    const list = await t.services.history.list(alice);
    expect(list[0]).toMatchObject({ bookCode: other.code, chapterCode: chapter(other, 1), paragraph: 'p-3' });
    // The older device entry did not replace the newer account entry.
    expect(list.find((e) => e.bookCode === long.code)!.chapterCode).toBe(chapter(long, 3));
  });

  it('clears only the reader’s own history', async () => {
    await t.services.history.record(bob, chapter(other, 1));
    await t.services.history.clear(alice);
    expect(await t.services.history.list(alice)).toEqual([]);
    expect(await t.services.history.list(bob)).toHaveLength(1);
  });
});
