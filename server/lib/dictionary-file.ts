import {
  DICTIONARY_MAX_ENTRIES,
  DICTIONARY_MESSAGES as M,
  type DictionaryFormat,
  HEADWORD_MAX,
  isHanText,
  MEANING_MAX,
  READING_MAX,
} from '#common/contracts/dictionary.schema.ts';
import { hasControlCharacters } from '#common/text/control-characters.ts';
import { normalizeText } from '#common/text/vietnamese.ts';

export interface ParsedEntry {
  headword: string;
  reading: string | null;
  meaning: string;
}

/** Entries, or the first problems found (each naming its line or entry), at most `MAX_PROBLEMS`. */
export type ParsedDictionary = { ok: true; entries: ParsedEntry[] } | { ok: false; problems: string[] };

const MAX_PROBLEMS = 5;

/**
 * Reads a dictionary in one of the two documented formats (docs/dictionary-format.md):
 * TSV, one entry a line "headword<TAB>reading<TAB>meaning" (lines starting with # are comments), or
 * JSON {"entries": [{"headword", "reading", "meaning"}]}. Text comes out NFC and trimmed; nothing is
 * kept unless every entry is valid.
 */
export function parseDictionary(format: DictionaryFormat, content: string): ParsedDictionary {
  const problems: string[] = [];
  const entries: ParsedEntry[] = [];
  const add = (raw: { headword: unknown; reading: unknown; meaning: unknown }, where: (m: string) => string) => {
    const problem = problemOf(raw);
    if (problem) problems.push(where(problem));
    else entries.push(cleaned(raw as { headword: string; reading: string | null; meaning: string }));
  };

  if (format === 'tsv') {
    const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
    lines.forEach((line, i) => {
      if (problems.length >= MAX_PROBLEMS || line.trim() === '' || line.startsWith('#')) return;
      const columns = line.split('\t');
      if (columns.length !== 3) problems.push(M.atLine(i + 1, M.columns));
      else add({ headword: columns[0], reading: columns[1], meaning: columns[2] }, (m) => M.atLine(i + 1, m));
    });
  } else {
    let data: unknown;
    try {
      data = JSON.parse(content.replace(/^\uFEFF/, ''));
    } catch {
      return { ok: false, problems: [M.badJson] };
    }
    const list = (data as { entries?: unknown } | null)?.entries;
    if (!Array.isArray(list)) return { ok: false, problems: [M.badJsonShape] };
    for (const [i, item] of list.entries()) {
      if (problems.length >= MAX_PROBLEMS) break;
      if (typeof item !== 'object' || item === null) problems.push(M.atEntry(i + 1, M.headwordNotHan));
      else add(item as ParsedEntry, (m) => M.atEntry(i + 1, m));
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  if (entries.length === 0) return { ok: false, problems: [M.empty] };
  if (entries.length > DICTIONARY_MAX_ENTRIES) return { ok: false, problems: [M.tooManyEntries] };
  return { ok: true, entries };
}

function problemOf(raw: { headword: unknown; reading: unknown; meaning: unknown }): string | null {
  const { headword, reading, meaning } = raw;
  if (typeof headword !== 'string') return M.headwordNotHan;
  if (reading !== undefined && reading !== null && typeof reading !== 'string') return M.readingTooLong;
  if (typeof meaning !== 'string' || meaning.trim() === '') return M.meaningRequired;
  if ([headword, reading ?? '', meaning].some((s) => hasControlCharacters(s))) return M.controlCharacters;
  const word = normalizeText(headword).trim();
  if (!isHanText(word) || [...word].length > HEADWORD_MAX) return M.headwordNotHan;
  if ((reading ?? '').trim().length > READING_MAX) return M.readingTooLong;
  if (meaning.trim().length > MEANING_MAX) return M.meaningTooLong;
  return null;
}

function cleaned(raw: { headword: string; reading: string | null; meaning: string }): ParsedEntry {
  const reading = normalizeText(raw.reading ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    headword: normalizeText(raw.headword).trim(),
    reading: reading || null,
    meaning: normalizeText(raw.meaning).trim(),
  };
}
