import type { TextDirection } from './imported-book.ts';

/** Scripts written right to left (ISO 15924), and languages whose usual script is one of them. */
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'syrc', 'thaa', 'nkoo', 'adlm', 'rohg', 'samr', 'mand', 'yezi']);
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ks',
  'nqo',
  'ps',
  'sd',
  'syr',
  'ug',
  'ur',
  'yi',
]);

/** "ja-jp" → "ja-JP", "AR" → "ar"; null for what is not a language tag. */
export function canonicalLanguage(tag: string | null | undefined): string | null {
  const clean = (tag ?? '').trim();
  if (!clean || clean.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(clean)[0] ?? null;
  } catch {
    return null;
  }
}

/** `rtl` for Arabic, Hebrew, Persian, Urdu… (by script subtag first), `ltr` for any other tag; null without a tag. */
export function directionOfLanguage(tag: string | null): TextDirection | null {
  if (!tag) return null;
  const parts = tag.toLowerCase().split('-');
  const script = parts.find((p, i) => i > 0 && p.length === 4);
  if (script) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.has(parts[0]!) ? 'rtl' : 'ltr';
}

/** A `dir` attribute's value when it is one we keep. */
export function directionOrNull(value: string | null | undefined): TextDirection | null {
  const clean = (value ?? '').trim().toLowerCase();
  return clean === 'rtl' || clean === 'ltr' ? clean : null;
}

/** True when two tags name the same language for a reader ("ja" and "ja-JP"). */
export function sameLanguage(a: string | null, b: string | null): boolean {
  if (!a || !b) return a === b;
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || x.startsWith(`${y}-`) || y.startsWith(`${x}-`);
}
