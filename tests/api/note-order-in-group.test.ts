import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '#server/errors.ts';
import { availableEngines } from '../support/databases.ts';
import { factories } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

/**
 * notes.orderInGroup: the group page reorders one page of notes at a time (drag and drop in the
 * reader's own order); the notes on the other pages keep their places.
 */
describe.each(engines)('reordering one page of a note group on %s', (engine) => {
  let t: TestApp;
  let alice: number;
  let bob: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    alice = (await factories(t).reader()).id;
    bob = (await factories(t).reader()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const order = async (userId: number, groupId: number) =>
    (
      await t.services.noteGroups.withNotes(userId, { id: groupId, page: 1, perPage: 100, sort: 'custom' })
    ).notes.items.map((n) => n.content);

  async function groupWith(userId: number, contents: string[]) {
    const make = factories(t);
    const group = await make.noteGroup({ id: userId }, { name: 'Thứ tự' });
    const ids: number[] = [];
    for (const content of contents) ids.push((await make.note({ id: userId }, { content, noteGroupId: group.id })).id);
    return { group, ids };
  }

  it('reorders the notes of one page and leaves the others where they were', async () => {
    const { group, ids } = await groupWith(alice, ['Một', 'Hai', 'Ba', 'Bốn', 'Năm']);
    // The second page of two notes a page: "Ba", "Bốn" → "Bốn", "Ba".
    await t.services.notes.orderInGroup(alice, group.id, [ids[3]!, ids[2]!], 2);
    expect(await order(alice, group.id)).toEqual(['Một', 'Hai', 'Bốn', 'Ba', 'Năm']);
    // The first page, all three moved.
    await t.services.notes.orderInGroup(alice, group.id, [ids[1]!, ids[3]!, ids[0]!], 0);
    expect(await order(alice, group.id)).toEqual(['Hai', 'Bốn', 'Một', 'Ba', 'Năm']);
  });

  it('refuses an order made from a stale page, and another reader’s group', async () => {
    const { group, ids } = await groupWith(alice, ['Sáng', 'Trưa', 'Chiều']);
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => (isAppError(e) ? e.code : String(e)),
      );
    // Notes that are not the ones at this place of the list (the group changed in another tab).
    expect(await code(t.services.notes.orderInGroup(alice, group.id, [ids[2]!, ids[0]!], 0))).toBe('VALIDATION_FAILED');
    expect(await code(t.services.notes.orderInGroup(alice, group.id, [ids[0]!, ids[0]!], 0))).toBe('VALIDATION_FAILED');
    expect(await code(t.services.notes.orderInGroup(bob, group.id, [ids[1]!, ids[0]!], 0))).toBe('NOT_FOUND');
    expect(await order(alice, group.id)).toEqual(['Sáng', 'Trưa', 'Chiều']);
  });
});
