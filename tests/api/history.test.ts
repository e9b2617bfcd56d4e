import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReader } from '../factories/reader.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const meta = { ip: '127.0.0.1' };

describe.each(engines)('reading history on %s', (engine) => {
  let t: TestApp;
  let alice: number;
  let bob: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
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
    await t.services.history.record(alice, 'kinh-kim-cang-1');
    await tick();
    await t.services.history.record(alice, 'kinh-a-di-da-1', 'p-2');
    await tick();
    await t.services.history.record(alice, 'kinh-kim-cang-3', 'p-4');
    await t.services.history.record(alice, 'khong-co-chuong'); // ignored
    const list = await t.services.history.list(alice);
    expect(list.map((e) => [e.bookCode, e.chapterCode, e.paragraph])).toEqual([
      ['kinh-kim-cang', 'kinh-kim-cang-3', 'p-4'],
      ['kinh-a-di-da', 'kinh-a-di-da-1', 'p-2'],
    ]);
    expect(await t.services.history.list(bob)).toEqual([]);
  });

  it('merges a device history: the most recent reading of each book wins', async () => {
    const old = '2020-01-01T00:00:00.000Z';
    const future = new Date(Date.now() + 60_000).toISOString();
    await t.services.history.merge(alice, [
      {
        bookCode: 'kinh-kim-cang',
        bookTitle: 'x',
        chapterCode: 'kinh-kim-cang-9',
        chapterTitle: null,
        chapterPosition: 9,
        paragraph: null,
        readAt: old,
      },
      {
        bookCode: 'kinh-vu-lan',
        bookTitle: 'x',
        chapterCode: 'kinh-vu-lan-1',
        chapterTitle: null,
        chapterPosition: 1,
        paragraph: 'p-3',
        readAt: future,
      },
      {
        bookCode: 'sai-sach',
        bookTitle: 'x',
        chapterCode: 'kinh-vu-lan-1',
        chapterTitle: null,
        chapterPosition: 1,
        paragraph: null,
        readAt: future,
      },
    ]);
    const list = await t.services.history.list(alice);
    expect(list[0]).toMatchObject({ bookCode: 'kinh-vu-lan', chapterCode: 'kinh-vu-lan-1', paragraph: 'p-3' });
    // The older device entry did not replace the newer account entry.
    expect(list.find((e) => e.bookCode === 'kinh-kim-cang')!.chapterCode).toBe('kinh-kim-cang-3');
  });

  it('clears only the reader’s own history', async () => {
    await t.services.history.record(bob, 'kinh-vu-lan-1');
    await t.services.history.clear(alice);
    expect(await t.services.history.list(alice)).toEqual([]);
    expect(await t.services.history.list(bob)).toHaveLength(1);
  });
});
