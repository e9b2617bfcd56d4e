import { parseTranscript, type TranscriptCue } from '#server/lib/webvtt.ts';

/** One chapter of a talk (Podcast Namespace chapters, version 1.2.0). */
export interface TalkChapter {
  startTime: number;
  title: string;
}

/** Without headings, a new section starts at the first cue this long after the last one began. */
export const SECTION_SECONDS = 300;
const TITLE_MAX = 80;

/**
 * The headings of a transcript: WebVTT lets a cue carry an identifier on the line before its
 * timing; a numbered cue ("12") is only counted, any other identifier ("Phần 2: Tứ đế") names the
 * section that starts there (server/lib/webvtt.ts keeps it as the cue's `heading`).
 */
export function transcriptHeadings(source: string): TalkChapter[] {
  return parseTranscript(source).flatMap((cue) =>
    cue.heading ? [{ startTime: cue.startSeconds, title: cue.heading.slice(0, TITLE_MAX) }] : [],
  );
}

/** The first sentence of a cue, cut at a word under TITLE_MAX characters. */
function titleOf(cue: TranscriptCue): string {
  const sentence = /^.+?[.!?…](?=\s|$)/u.exec(cue.text)?.[0] ?? cue.text;
  if (sentence.length <= TITLE_MAX) return sentence;
  const cut = sentence.slice(0, TITLE_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), TITLE_MAX / 2))}…`;
}

/**
 * A talk's chapters from its transcript: its headings when it has any (with "Mở đầu" before the
 * first when that one starts later), else sections of at least SECTION_SECONDS cut at cue
 * boundaries, each named by its first sentence. Empty without cues.
 */
export function chaptersOfTranscript(source: string): TalkChapter[] {
  const headings = transcriptHeadings(source);
  if (headings.length > 0) {
    return headings[0]!.startTime > 0 ? [{ startTime: 0, title: 'Mở đầu' }, ...headings] : headings;
  }
  const chapters: TalkChapter[] = [];
  for (const cue of parseTranscript(source)) {
    const last = chapters.at(-1);
    if (!last || cue.startSeconds - last.startTime >= SECTION_SECONDS) {
      chapters.push({ startTime: last ? cue.startSeconds : 0, title: titleOf(cue) });
    }
  }
  return chapters;
}

/** The JSON chapters file of the Podcast Namespace (`application/json+chapters`). */
export function renderChaptersJson(chapters: readonly TalkChapter[], talkTitle: string): string {
  return JSON.stringify({ version: '1.2.0', title: talkTitle, chapters });
}
