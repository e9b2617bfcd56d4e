import { type PlaybackEntry, setCurrentTime } from '#common/playback.ts';

const STORAGE_KEY = 'phap-bao:playback';

/** The playback record kept on this device ({books: [{code, currentTime}]}); the player of talks uses it. */
export function readDevicePlayback(): PlaybackEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{"books":[]}') as { books?: PlaybackEntry[] };
    return Array.isArray(parsed.books) ? parsed.books : [];
  } catch {
    return [];
  }
}

/** Updates the entry of this code, or adds one. */
export function setDevicePlaybackTime(code: string, currentTime: number): PlaybackEntry[] {
  const books = setCurrentTime(readDevicePlayback(), code, currentTime);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ books }));
  } catch {
    // No storage (private mode): the position is not remembered.
  }
  return books;
}
