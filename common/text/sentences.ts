/**
 * Sentences of a text, for transcripts timed sentence by sentence (scripts/make-demo-talks.mjs)
 * and for mending transcripts cut by a splitter that did not know abbreviations
 * (server/lib/webvtt.ts `mendBrokenCues`): "Phật giáo (zh. 佛教, sa. …)" is one sentence, not three.
 */

/**
 * Words written with a full stop that do not end a sentence, compared without case: language tags
 * of Wikipedia's openings (zh. Hán, sa. Phạn, pi. Pali, skt., bo. Tạng, ja., ko., en., fr.), and
 * common Vietnamese and English short forms (tr. trang, v.v. vân vân, TP. thành phố, St. Saint…).
 */
export const ABBREVIATIONS: readonly string[] = [
  'zh',
  'sa',
  'pi',
  'skt',
  'bo',
  'ja',
  'ko',
  'en',
  'fr',
  'tr',
  'v.v',
  'tp',
  'st',
  'ts',
  'ths',
  'gs',
  'pgs',
  'bs',
  'nxb',
  'sđd',
  'vd',
  'tt',
  'hn',
  'hcm',
  'mr',
  'mrs',
  'dr',
  'vs',
  'cf',
  'e.g',
  'i.e',
  'etc',
];

const KNOWN = new Set(ABBREVIATIONS.map((a) => a.toLocaleLowerCase('vi')));

/** Does the text end with a short form and its full stop ("… (zh.", "… v.v.", "Thích N.")? */
export function endsWithAbbreviation(text: string): boolean {
  const match = /(?:^|[\s([{“"'‘,;])([\p{L}.]*\p{L})\.$/u.exec(text.trimEnd());
  if (!match) return false;
  const word = match[1]!;
  // A single capital: an initial of a name.
  return KNOWN.has(word.toLocaleLowerCase('vi')) || /^\p{Lu}$/u.test(word);
}

/** How many brackets are open at the end of the text (never below zero). */
export function openBrackets(text: string): number {
  let depth = 0;
  for (const ch of text) {
    if ('([{（［'.includes(ch)) depth++;
    else if (')]}）］'.includes(ch)) depth = Math.max(0, depth - 1);
  }
  return depth;
}

/**
 * The text cut after . ! ? ; : (and a space), but not after a known short form nor inside
 * brackets; each sentence trimmed, empty ones left out.
 */
export function splitSentences(text: string): string[] {
  const pieces = text.split(/(?<=[.!?;:…])\s+/);
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    current = current ? `${current} ${piece}` : piece;
    if (endsWithAbbreviation(current) || openBrackets(current) > 0) continue;
    if (current.trim()) out.push(current.trim());
    current = '';
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
