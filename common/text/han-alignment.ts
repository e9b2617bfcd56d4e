/**
 * A chapter's Hán-Việt reading aligned with its Chinese, sentence by sentence and character by
 * character (decision 0033). The demo sutras give one syllable per character (637 of 638 paragraphs),
 * so the pairs come from counting; a paragraph whose counts differ stays whole, unpaired.
 */

/** One Chinese character with the punctuation after it, and its syllable with the separator after it. */
export interface HanPair {
  han: string;
  /** The syllable as printed (with its punctuation: "tát,"). */
  reading: string;
  /** What follows the syllable in the reading: a space, a hyphen, or nothing at the end. */
  after: string;
}

export interface AlignedSentence {
  han: string;
  vi: string;
  /** Character by character; null when the paragraph's counts differ. */
  pairs: HanPair[] | null;
}

const HAN = /\p{Script=Han}/u;
const LETTER = /\p{L}/u;
/** Where a Chinese sentence or clause ends: the marks the sutras are punctuated with. */
const BREAK = /[，。；：！？、．,.;:!?]/u;

/** The syllables of a reading with what follows each (space or hyphen); marks alone join the one before. */
function syllablesOf(vi: string): { text: string; after: string }[] {
  const parts = vi.trim().split(/(\s+|-)/u);
  const out: { text: string; after: string }[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const text = parts[i]!;
    const after = parts[i + 1] ?? '';
    if (text === '') continue;
    const last = out.at(-1);
    if (!LETTER.test(text) && last) {
      last.text += last.after + text;
      last.after = after;
    } else out.push({ text, after });
  }
  return out;
}

/** Splits one paragraph pair into aligned sentences. */
export function alignParagraph(vi: string, han: string): AlignedSentence[] {
  const chars: { han: string }[] = [];
  for (const char of han.trim()) {
    if (HAN.test(char)) chars.push({ han: char });
    else if (chars.length > 0) chars[chars.length - 1]!.han += char;
  }
  const syllables = syllablesOf(vi);
  if (chars.length === 0 || chars.length !== syllables.length) return [{ han: han.trim(), vi: vi.trim(), pairs: null }];

  const sentences: AlignedSentence[] = [];
  let pairs: HanPair[] = [];
  chars.forEach((char, i) => {
    const syllable = syllables[i]!;
    pairs.push({ han: char.han, reading: syllable.text, after: syllable.after });
    if (BREAK.test(char.han.slice(-1)) || i === chars.length - 1) {
      sentences.push({
        han: pairs.map((p) => p.han).join(''),
        vi: pairs.map((p, k) => p.reading + (k < pairs.length - 1 ? p.after : '')).join(''),
        pairs,
      });
      pairs = [];
    }
  });
  return sentences;
}

/** The Chinese character of a pair, without its punctuation. */
export function hanCharOf(pair: HanPair): string {
  return [...pair.han][0]!;
}

/** A syllable without the punctuation stuck to it ("tát," → "tát"). */
export function bareReading(reading: string): string {
  return reading.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}
