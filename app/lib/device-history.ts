import type { HistoryEntry } from '#common/contracts/history.schema.ts';

const STORAGE_KEY = 'phap-bao:reading-history';
const MAX_ENTRIES = 200;

/** The reading history kept in this browser for readers who are not logged in. Newest first, one entry per book. */
export function readDeviceHistory(): HistoryEntry[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

export function recordDeviceHistory(entry: HistoryEntry): void {
  try {
    const rest = readDeviceHistory().filter((e) => e.bookCode !== entry.bookCode);
    localStorage.setItem(STORAGE_KEY, JSON.stringify([entry, ...rest].slice(0, MAX_ENTRIES)));
  } catch {
    // No storage (private mode): nothing is remembered.
  }
}

export function clearDeviceHistory(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // See above.
  }
}
