/**
 * The one Vietnamese text normaliser, shared by browser and server, documents and queries.
 *
 * - `normalizeText`   what we store: NFC, the look-alike Ð (U+00D0) read as Đ, invisible characters gone.
 * - `canonicalizeTones` one tone-mark placement, so `hoà` and `hòa`, `thuý` and `thúy` are the same word.
 * - `toExactForm`     the search form that keeps diacritics (lower case, canonical tones).
 * - `toFoldedForm`    the search form without any marks, `đ` → `d` (what `phat giao` matches).
 */

// Zero-width characters, soft hyphen, BOM, bidi marks: they break word matching and are never content.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

// Combining tone marks (after NFD): grave, acute, tilde, hook above, dot below.
const TONE_MARK = /[\u0300\u0301\u0303\u0309\u0323]/;

// Vowel letters once tone marks are removed (NFD keeps breve, circumflex and horn as U+0306, U+0302, U+031B).
const PLAIN_VOWELS = 'aeiouy';
const MODIFIERS = /[\u0302\u0306\u031B]/;

/** NFC, Ð→Đ, invisible characters removed. Safe to apply twice. */
export function normalizeText(input: string): string {
  return input
    .normalize('NFC')
    .replace(/\u00D0/g, '\u0110')
    .replace(INVISIBLE, '');
}

interface Letter {
  base: string; // the base letter, lower or upper case as written
  marks: string; // combining marks other than the tone (breve, circumflex, horn)
}

function splitLetters(wordNfd: string): { letters: Letter[]; tone: string } {
  const letters: Letter[] = [];
  let tone = '';
  for (const ch of wordNfd) {
    if (TONE_MARK.test(ch)) {
      tone = ch;
    } else if (/\p{M}/u.test(ch) && letters.length > 0) {
      letters[letters.length - 1]!.marks += ch;
    } else {
      letters.push({ base: ch, marks: '' });
    }
  }
  return { letters, tone };
}

function isVowel(letter: Letter): boolean {
  return PLAIN_VOWELS.includes(letter.base.toLowerCase());
}

/**
 * Where the tone mark of one syllable goes. We use the traditional placement ("hòa", "thúy", "khỏe"):
 * a vowel with a modifier (ă â ê ô ơ ư) takes it (the second of ươ); three vowels or a closed
 * syllable take it on the second vowel; an open two-vowel syllable on the first.
 */
function tonePosition(letters: Letter[]): number {
  let start = 0;
  const lower = letters.map((l) => l.base.toLowerCase());
  // "qu" and "gi" before another vowel: the u / i belong to the consonant.
  if (lower[0] === 'q' && lower[1] === 'u' && letters[2] && isVowel(letters[2])) start = 2;
  if (lower[0] === 'g' && lower[1] === 'i' && letters[2] && isVowel(letters[2])) start = 2;

  let first = -1;
  while (start < letters.length && first === -1) {
    if (isVowel(letters[start]!)) first = start;
    start++;
  }
  if (first === -1) return -1;
  let last = first;
  while (last + 1 < letters.length && isVowel(letters[last + 1]!)) last++;

  const cluster: number[] = [];
  for (let i = first; i <= last; i++) cluster.push(i);
  const modified = cluster.filter((i) => MODIFIERS.test(letters[i]!.marks));
  if (modified.length > 0) return modified[modified.length - 1]!;
  if (cluster.length === 1) return first;
  const closed = last + 1 < letters.length;
  if (cluster.length >= 3 || closed) return cluster[1]!;
  return first;
}

function canonicalizeWord(word: string): string {
  const nfd = word.normalize('NFD');
  if (!TONE_MARK.test(nfd)) return word;
  const { letters, tone } = splitLetters(nfd);
  const position = tonePosition(letters);
  if (position === -1) return word;
  return letters
    .map((l, i) => l.base + l.marks + (i === position ? tone : ''))
    .join('')
    .normalize('NFC');
}

/** One tone-mark placement for every syllable; other characters are left as they are. */
export function canonicalizeTones(input: string): string {
  return normalizeText(input).replace(/[\p{L}\p{M}]+/gu, canonicalizeWord);
}

/** Lower case with diacritics, canonical tones: the "exact" search form. */
export function toExactForm(input: string): string {
  return canonicalizeTones(input).toLocaleLowerCase('vi');
}

/** Lower case, every mark removed, đ → d: the "folded" search form. */
export function toFoldedForm(input: string): string {
  return normalizeText(input)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .normalize('NFC');
}

/** True when the text carries any Vietnamese diacritic (so a query wants exact matching). */
export function hasDiacritics(input: string): boolean {
  return toFoldedForm(input) !== normalizeText(input).toLowerCase();
}

/** A URL slug from Vietnamese text: "Kinh Kim Cang" → "kinh-kim-cang". */
export function slugify(input: string): string {
  return toFoldedForm(input)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
