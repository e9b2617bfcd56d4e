import { endsWithAbbreviation, openBrackets } from '#common/text/sentences.ts';

/** One timed line of a transcript. */
export interface TranscriptCue {
  startSeconds: number;
  endSeconds: number;
  text: string;
  /** The cue's identifier when it names a section ("Phần 2: Tứ đế"), not a number: a timed heading. */
  heading?: string;
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

/** "01:02:03.456", "02:03.456" or SRT's "00:02:03,456" → seconds. */
function seconds(stamp: string): number {
  const parts = stamp.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * The cues of a WebVTT (or SRT) transcript, in time order: timing lines are read, cue settings,
 * identifiers, NOTE/STYLE blocks and inline tags (<v Speaker>, <i>) are dropped. Malformed
 * blocks are skipped rather than failing the whole transcript.
 */
export function parseTranscript(source: string): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  const blocks = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const timingAt = lines.findIndex((l) => TIMING.test(l));
    if (timingAt === -1) continue;
    const match = TIMING.exec(lines[timingAt]!)!;
    const text = lines
      .slice(timingAt + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/\s+/g, ' ')
      .trim();
    const startSeconds = seconds(match[1]!);
    const endSeconds = seconds(match[2]!);
    if (!text || !(endSeconds >= startSeconds)) continue;
    const id = timingAt > 0 ? lines[timingAt - 1]!.replace(/<[^>]*>/g, '').trim() : '';
    const heading = id && !/^\d+$/.test(id) && !/^(NOTE|STYLE|REGION)\b/.test(id) ? id.normalize('NFC') : null;
    cues.push({ startSeconds, endSeconds, text: text.normalize('NFC'), ...(heading ? { heading } : {}) });
  }
  return cues.sort((a, b) => a.startSeconds - b.startSeconds);
}

/**
 * Cues cut after a short form or inside brackets by a splitter that did not know them ("Phật giáo
 * (zh." / "佛教, sa." / …) joined again: the joined cue runs from the first one's start to the
 * last one's end. Imported and uploaded transcripts are mended so before they are stored.
 */
export function mendBrokenCues(cues: readonly TranscriptCue[]): TranscriptCue[] {
  const out: TranscriptCue[] = [];
  let open: TranscriptCue | null = null;
  for (const cue of cues) {
    const before = open as TranscriptCue | null;
    open = before ? { ...before, endSeconds: cue.endSeconds, text: `${before.text} ${cue.text}` } : cue;
    if (endsWithAbbreviation(open.text) || openBrackets(open.text) > 0) continue;
    out.push(open);
    open = null;
  }
  if (open) out.push(open);
  return out;
}

function stamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor((ms % 3_600_000) / 60_000)).padStart(2, '0');
  const s = String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0');
  return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`;
}

/** Cues → a WebVTT file (how an uploaded SRT is stored: browsers and the page read WebVTT). */
export function toWebVtt(cues: readonly TranscriptCue[]): string {
  // A heading stays the cue's identifier (WebVTT allows any line without "-->"); others are numbered.
  const blocks = cues.map(
    (c, i) =>
      `${c.heading?.replace(/-->/g, '→') ?? i + 1}\n${stamp(c.startSeconds)} --> ${stamp(c.endSeconds)}\n${c.text}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
