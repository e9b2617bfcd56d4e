import { useSyncExternalStore } from 'react';

/**
 * The note-group store of the spec (product spec §3, §4): all the reader's groups (setting all
 * replaces the list; adding appends) and the most recently used group id, remembered on this
 * device and offered first when the reader adds a note.
 */

export interface NoteGroupChoice {
  id: number;
  name: string;
}

export interface NoteGroupState {
  allNoteGroups: readonly NoteGroupChoice[];
  recentNoteGroupId: number | null;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const RECENT_NOTE_GROUP_KEY = 'phap-bao:recent-note-group';
const EMPTY: NoteGroupState = { allNoteGroups: [], recentNoteGroupId: null };

/** The groups in the order they are offered: the recent one first, the others as listed. */
export function offeredNoteGroups(state: NoteGroupState): NoteGroupChoice[] {
  const recent = state.allNoteGroups.find((g) => g.id === state.recentNoteGroupId);
  return recent ? [recent, ...state.allNoteGroups.filter((g) => g !== recent)] : [...state.allNoteGroups];
}

/** The group chosen before the reader picks one: the recent one, while it still exists. */
export function preselectedNoteGroupId(state: NoteGroupState): number | null {
  return state.allNoteGroups.some((g) => g.id === state.recentNoteGroupId) ? state.recentNoteGroupId : null;
}

function readRecent(storage: Storage | null): number | null {
  try {
    const value = Number(storage?.getItem(RECENT_NOTE_GROUP_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** A store over `storage` (the browser's localStorage; a stand-in in tests; none on the server). */
export function createNoteGroupStore(storage: () => Storage | null) {
  let state: NoteGroupState = EMPTY;
  let loaded = false;
  const listeners = new Set<() => void>();

  function set(changes: Partial<NoteGroupState>) {
    state = { ...state, ...changes };
    for (const listener of listeners) listener();
  }

  // The remembered id is read on first use, in the browser, so server rendering never touches storage.
  function load() {
    if (loaded) return;
    loaded = true;
    state = { ...state, recentNoteGroupId: readRecent(storage()) };
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState(): NoteGroupState {
      load();
      return state;
    },
    /** Replaces the whole list (a page loaded the reader's groups). */
    setAllNoteGroups(groups: readonly NoteGroupChoice[]) {
      load();
      const same =
        groups.length === state.allNoteGroups.length &&
        groups.every((g, i) => g.id === state.allNoteGroups[i]!.id && g.name === state.allNoteGroups[i]!.name);
      if (!same) set({ allNoteGroups: groups.map(({ id, name }) => ({ id, name })) });
    },
    /** Appends a new group (a group already known by its id is renamed in place, never doubled). */
    addNoteGroup(group: NoteGroupChoice) {
      load();
      const entry = { id: group.id, name: group.name };
      const known = state.allNoteGroups.some((g) => g.id === entry.id);
      set({
        allNoteGroups: known
          ? state.allNoteGroups.map((g) => (g.id === entry.id ? entry : g))
          : [...state.allNoteGroups, entry],
      });
    },
    /** Remembers the group the reader used last (null: they chose no group). */
    setRecentNoteGroupId(id: number | null) {
      load();
      set({ recentNoteGroupId: id });
      try {
        const s = storage();
        if (id === null) s?.removeItem(RECENT_NOTE_GROUP_KEY);
        else s?.setItem(RECENT_NOTE_GROUP_KEY, String(id));
      } catch {
        // No storage (private mode): remembered for this page only.
      }
    },
  };
}

export const noteGroupStore = createNoteGroupStore(() => (typeof localStorage === 'undefined' ? null : localStorage));

export function useNoteGroupStore(): NoteGroupState {
  return useSyncExternalStore(noteGroupStore.subscribe, noteGroupStore.getState, () => EMPTY);
}
