/** The book playback record of product spec §3–§4: where listening stopped, per book (or talk) code. */
export interface PlaybackEntry {
  code: string;
  currentTime: number;
}

/** Setting the current time for a code updates its entry, or adds one if none exists. */
export function setCurrentTime(books: readonly PlaybackEntry[], code: string, currentTime: number): PlaybackEntry[] {
  const index = books.findIndex((b) => b.code === code);
  if (index === -1) return [...books, { code, currentTime }];
  return books.map((b, i) => (i === index ? { code, currentTime } : b));
}

/** What a talk's code in the playback record starts with (books use their own code). */
export const TALK_CODE_PREFIX = 'talk-';

/** A talk's code in the playback record. */
export function talkPlaybackCode(talkId: number): string {
  return `${TALK_CODE_PREFIX}${talkId}`;
}
