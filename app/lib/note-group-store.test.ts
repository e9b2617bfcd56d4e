import { describe, expect, it } from 'vitest';
import {
  createNoteGroupStore,
  offeredNoteGroups,
  preselectedNoteGroupId,
  RECENT_NOTE_GROUP_KEY,
} from './note-group-store.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const A = { id: 1, name: 'Lời Phật dạy' };
const B = { id: 2, name: 'Thiền' };
const C = { id: 3, name: 'Từ bi' };

describe('the note-group store', () => {
  it('setting all replaces the list', () => {
    const store = createNoteGroupStore(() => memoryStorage());
    store.setAllNoteGroups([A, B]);
    store.setAllNoteGroups([C]);
    expect(store.getState().allNoteGroups).toEqual([C]);
    store.setAllNoteGroups([]);
    expect(store.getState().allNoteGroups).toEqual([]);
  });

  it('adding appends, and a known group is renamed rather than doubled', () => {
    const store = createNoteGroupStore(() => memoryStorage());
    store.setAllNoteGroups([A]);
    store.addNoteGroup(B);
    store.addNoteGroup(C);
    expect(store.getState().allNoteGroups).toEqual([A, B, C]);
    store.addNoteGroup({ id: 2, name: 'Thiền định' });
    expect(store.getState().allNoteGroups.map((g) => g.name)).toEqual(['Lời Phật dạy', 'Thiền định', 'Từ bi']);
  });

  it('keeps only the id and name of each group', () => {
    const store = createNoteGroupStore(() => memoryStorage());
    store.setAllNoteGroups([{ ...A, noteCount: 4 } as typeof A]);
    expect(store.getState().allNoteGroups).toEqual([A]);
  });

  it('remembers the recent group id in storage and reads it back in a new store', () => {
    const storage = memoryStorage();
    const store = createNoteGroupStore(() => storage);
    store.setRecentNoteGroupId(2);
    expect(store.getState().recentNoteGroupId).toBe(2);
    expect(storage.values.get(RECENT_NOTE_GROUP_KEY)).toBe('2');
    expect(createNoteGroupStore(() => storage).getState().recentNoteGroupId).toBe(2);
    store.setRecentNoteGroupId(null);
    expect(storage.values.has(RECENT_NOTE_GROUP_KEY)).toBe(false);
    expect(createNoteGroupStore(() => storage).getState().recentNoteGroupId).toBeNull();
  });

  it('ignores a broken remembered value and works without storage', () => {
    expect(createNoteGroupStore(() => memoryStorage({ [RECENT_NOTE_GROUP_KEY]: 'abc' })).getState()).toEqual({
      allNoteGroups: [],
      recentNoteGroupId: null,
    });
    const store = createNoteGroupStore(() => null);
    store.setRecentNoteGroupId(3);
    expect(store.getState().recentNoteGroupId).toBe(3);
  });

  it('offers the recent group first, then the others in their order', () => {
    expect(offeredNoteGroups({ allNoteGroups: [A, B, C], recentNoteGroupId: 3 })).toEqual([C, A, B]);
    expect(offeredNoteGroups({ allNoteGroups: [A, B, C], recentNoteGroupId: null })).toEqual([A, B, C]);
    // A recent group that no longer exists (deleted) is simply not offered.
    expect(offeredNoteGroups({ allNoteGroups: [A, B], recentNoteGroupId: 9 })).toEqual([A, B]);
  });

  it('preselects the recent group only while it exists', () => {
    expect(preselectedNoteGroupId({ allNoteGroups: [A, B], recentNoteGroupId: 2 })).toBe(2);
    expect(preselectedNoteGroupId({ allNoteGroups: [A, B], recentNoteGroupId: 9 })).toBeNull();
    expect(preselectedNoteGroupId({ allNoteGroups: [], recentNoteGroupId: null })).toBeNull();
  });

  it('tells its listeners of every change', () => {
    const store = createNoteGroupStore(() => memoryStorage());
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.setAllNoteGroups([A]);
    store.setAllNoteGroups([A]); // the same list: nothing changed
    store.addNoteGroup(B);
    store.setRecentNoteGroupId(1);
    unsubscribe();
    store.addNoteGroup(C);
    expect(calls).toBe(3);
  });
});
