/**
 * Queries typed with a Vietnamese input method switched off: Telex (`phaatj giaos`) or VNI
 * (`pha65t gia1o`) keystrokes left as plain ASCII. We only *propose* the converted query
 * ("Có phải bạn muốn tìm: phật giáo"); the search itself never rewrites what the reader typed.
 *
 * A word is converted by replaying its keys like an input method would, then the result must be a
 * plausible Vietnamese syllable (onset, vowel nucleus, coda, tone); otherwise the word is left as
 * typed. That check is what keeps English words ("books") and plain unaccented Vietnamese
 * ("phat giao") from being "corrected".
 */
import { canonicalizeTones, normalizeText } from '#common/text/vietnamese.ts';

// Combining marks (NFD): the vowel modifiers and the five tones.
const CIRCUMFLEX = '\u0302';
const BREVE = '\u0306';
const HORN = '\u031B';
type Modifier = '' | typeof CIRCUMFLEX | typeof BREVE | typeof HORN;

const ACUTE = '\u0301'; // sắc
const GRAVE = '\u0300'; // huyền
const HOOK = '\u0309'; // hỏi
const TILDE = '\u0303'; // ngã
const DOT = '\u0323'; // nặng

interface Letter {
  base: string; // as typed (case kept), or đ / Đ once stroked
  modifier: Modifier;
}

/** The letters and tone a word's keys produced. */
interface Typed {
  letters: Letter[];
  tone: string; // a combining tone mark, '' for none
}

const VOWEL_BASES = 'aeiouy';

function isVowel(letter: Letter): boolean {
  return VOWEL_BASES.includes(letter.base.toLowerCase());
}

/** The nearest earlier letter whose base is one of `bases` (lower case), searching back from the end. */
function nearest(letters: Letter[], bases: string): Letter | undefined {
  for (let i = letters.length - 1; i >= 0; i--) {
    if (bases.includes(letters[i]!.base.toLowerCase())) return letters[i];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Telex

const TELEX_TONES: Record<string, string> = { s: ACUTE, f: GRAVE, r: HOOK, x: TILDE, j: DOT };

/** Replays Telex keys; null when they are not a sensible sequence. */
function typeTelex(word: string): Typed | null {
  const letters: Letter[] = [];
  let tone = '';
  let toneKeys = 0;
  // The letter produced by the key just before, the only one `aa` `ee` `oo` `dd` may double:
  // "here" must not become "hể" through the r in between.
  let previous: Letter | null = null;

  for (const ch of word) {
    const key = ch.toLowerCase();
    const before = previous;
    previous = null;
    const afterVowel = letters.some(isVowel);

    // s, r, x are onsets before the vowel but never occur after it in Vietnamese: there they are tone keys.
    if (afterVowel && key in TELEX_TONES) {
      if (toneKeys > 0) return null; // a second tone key (Telex "ss" undo, or a typo): not plain typing
      tone = TELEX_TONES[key]!;
      toneKeys++;
      continue;
    }
    if (afterVowel && key === 'z') {
      if (tone === '') return null; // z only removes a tone typed before it
      tone = '';
      continue;
    }
    if (key === 'd' && before?.base.toLowerCase() === 'd') {
      before.base = before.base === 'D' ? 'Đ' : 'đ';
      continue;
    }
    if ('aeo'.includes(key) && before?.base.toLowerCase() === key && before.modifier === '') {
      before.modifier = CIRCUMFLEX;
      continue;
    }
    if (key === 'w') {
      // w modifies the nearest a / o / u, even across the vowel cluster or coda ("nguoiwf", "muonwj").
      const target = nearest(letters, 'aou');
      if (!target || target.modifier !== '') return null; // nothing to modify, or "ww" undo
      target.modifier = target.base.toLowerCase() === 'a' ? BREVE : HORN;
      continue;
    }
    const letter: Letter = { base: ch, modifier: '' };
    letters.push(letter);
    previous = letter;
  }
  return { letters, tone };
}

// ---------------------------------------------------------------------------------------------
// VNI

const VNI_TONES: Record<string, string> = { '1': ACUTE, '2': GRAVE, '3': HOOK, '4': TILDE, '5': DOT };
// Digit → the letters it may modify and the modifier it adds.
const VNI_MODIFIERS: Record<string, { bases: string; modifier: Modifier }> = {
  '6': { bases: 'aeo', modifier: CIRCUMFLEX },
  '7': { bases: 'ou', modifier: HORN },
  '8': { bases: 'a', modifier: BREVE },
};

/** Replays VNI keys; null when they are not a sensible sequence. */
function typeVni(word: string): Typed | null {
  const letters: Letter[] = [];
  let tone = '';

  for (const ch of word) {
    if (!/\d/.test(ch)) {
      letters.push({ base: ch, modifier: '' });
      continue;
    }
    if (ch in VNI_TONES) {
      if (tone !== '' || !letters.some(isVowel)) return null;
      tone = VNI_TONES[ch]!;
      continue;
    }
    if (ch === '9') {
      const target = nearest(letters, 'd');
      if (!target) return null;
      target.base = target.base === 'D' ? 'Đ' : 'đ';
      continue;
    }
    const rule = VNI_MODIFIERS[ch];
    if (!rule) return null; // 0 (remove marks) is not something a reader types by accident
    // Digits may come anywhere after their letter ("pha65t", "phat65"): modify the nearest one.
    const target = nearest(letters, rule.bases);
    if (!target || target.modifier !== '') return null;
    target.modifier = rule.modifier;
  }
  return { letters, tone };
}

// ---------------------------------------------------------------------------------------------
// Syllable check and output

/**
 * Input methods write "ươ" from a single horn key ("nguoiwf", "dduwocj", "nguoi7"); but "uơ" with
 * nothing after it is its own spelling ("thuở", "huơ"), and after q the u belongs to the onset ("quơ").
 */
function completeUoHorn(letters: Letter[]): void {
  for (let i = 0; i + 2 < letters.length; i++) {
    const u = letters[i]!;
    const o = letters[i + 1]!;
    if (u.base.toLowerCase() !== 'u' || o.base.toLowerCase() !== 'o') continue;
    if (i > 0 && letters[i - 1]!.base.toLowerCase() === 'q') continue;
    if (u.modifier === '' && o.modifier === HORN) u.modifier = HORN;
    else if (u.modifier === HORN && o.modifier === '') o.modifier = HORN;
  }
}

// Longest first, so "nghe" is tried as ngh + e before ng + he; '' is no onset ("ăn", "uống").
const ONSETS = [...'ngh ch gh gi kh ng nh ph qu th tr b c d đ g h k l m n p r s t v x'.split(' '), ''];
const CODAS = new Set(['', 'c', 'ch', 'm', 'n', 'ng', 'nh', 'p', 't']);
// After a stop coda only sắc and nặng exist ("phạt", "phát", never "phàt").
const STOP_CODAS = new Set(['c', 'ch', 'p', 't']);
// Spelling rules: k, gh, ngh only before i e ê y; c and ng never before them; g not before e ê
// (that is gh), though "gì" is g + i.
const FRONT_ONSETS = new Set(['k', 'gh', 'ngh']);
const BACK_ONSETS = new Set(['c', 'ng']);
const FRONT_VOWEL = /^[ieêy]/;

// Vowel nuclei (with any final i/y/o/u glide) and whether a coda must follow, may follow or must not.
const OPEN_NUCLEI =
  'ai ao au ay âu ây eo êu ia iu oi ôi ơi ua ui uơ ưa ưi ưu iêu yêu oai oao oay oeo uây uôi ươi ươu uya uyu'.split(' ');
const CLOSED_NUCLEI = ['ă', 'â', 'iê', 'yê', 'uô', 'ươ', 'oă', 'uâ', 'uyê'];
const FREE_NUCLEI = ['a', 'e', 'ê', 'i', 'o', 'ô', 'ơ', 'u', 'ư', 'y', 'oa', 'oe', 'uê', 'uy'];
const NUCLEI = new Map<string, 'open' | 'closed' | 'free'>([
  ...OPEN_NUCLEI.map((n) => [n, 'open'] as const),
  ...CLOSED_NUCLEI.map((n) => [n, 'closed'] as const),
  ...FREE_NUCLEI.map((n) => [n, 'free'] as const),
]);

/** True when `syllable` (lower case, NFC, without tone) with `tone` can be a Vietnamese syllable. */
function isPlausibleSyllable(syllable: string, tone: string): boolean {
  return ONSETS.some((onset) => {
    if (!syllable.startsWith(onset)) return false;
    const rhyme = /^([aăâeêioôơuưy]+)([a-zđ]*)$/.exec(syllable.slice(onset.length));
    if (!rhyme) return false;
    const [, nucleus = '', coda = ''] = rhyme;
    const kind = NUCLEI.get(nucleus);
    if (!kind || !CODAS.has(coda)) return false;
    if ((kind === 'open' && coda !== '') || (kind === 'closed' && coda === '')) return false;
    if (STOP_CODAS.has(coda) && tone !== ACUTE && tone !== DOT) return false;
    if (FRONT_ONSETS.has(onset) && !FRONT_VOWEL.test(nucleus)) return false;
    if (BACK_ONSETS.has(onset) && FRONT_VOWEL.test(nucleus)) return false;
    if (onset === 'g' && /^[eê]/.test(nucleus)) return false;
    return true;
  });
}

/** The Vietnamese word for what was typed, or `word` unchanged when it is not a plausible syllable. */
function finish(word: string, typed: Typed | null): string {
  if (!typed) return word;
  const { letters, tone } = typed;
  completeUoHorn(letters);
  const syllable = letters
    .map((l) => l.base + l.modifier)
    .join('')
    .normalize('NFC')
    .toLowerCase();
  if (!isPlausibleSyllable(syllable, tone)) return word;
  // The tone goes on any vowel; canonicalizeTones moves it to the project's one placement.
  const toneAt = letters.findLastIndex(isVowel);
  const composed = letters.map((l, i) => l.base + l.modifier + (i === toneAt ? tone : '')).join('');
  return canonicalizeTones(composed);
}

/** Lower-level: convert one word typed with Telex; returns the word unchanged when it is not convertible. */
export function convertTelexWord(word: string): string {
  if (!/^[A-Za-z]+$/.test(word)) return word; // accented, punctuated or numeric words are left alone
  return finish(word, typeTelex(word));
}

/** Lower-level: convert one word typed with VNI; returns the word unchanged when it is not convertible. */
export function convertVniWord(word: string): string {
  // Letters and digits only, starting with a letter: "2024" is a number, "3d" is not VNI.
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(word)) return word;
  return finish(word, typeVni(word));
}

/**
 * The query converted from Telex or VNI keystrokes to Vietnamese, or null when it does not look
 * like such typing (or converting changes nothing).
 */
export function suggestFromTyping(query: string): string | null {
  const words = normalizeText(query).trim().split(/\s+/).filter(Boolean);
  // Digits inside words mean VNI; otherwise Telex. Decided once per query, never per word.
  const vni = words.some((w) => /\d/.test(w) && /[A-Za-z]/.test(w));
  const converted = words.map(vni ? convertVniWord : convertTelexWord);
  return converted.some((w, i) => w !== words[i]) ? converted.join(' ') : null;
}
