/** One timed line of a transcript. */
export interface TranscriptCue {
  startSeconds: number;
  endSeconds: number;
  text: string;
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
    cues.push({ startSeconds, endSeconds, text: text.normalize('NFC') });
  }
  return cues.sort((a, b) => a.startSeconds - b.startSeconds);
}
