import fs from 'node:fs/promises';
import type { User } from '#common/contracts/auth.schema.ts';
import {
  DICTIONARY_MESSAGES,
  type DictionaryImport,
  type DictionarySummary,
  type HanCharacter,
  HEADWORD_MAX,
  LOOKUP_ENTRIES,
  LOOKUP_PASSAGES,
  LOOKUPS_PER_MINUTE,
  type LookupRequest,
  type LookupResult,
} from '#common/contracts/dictionary.schema.ts';
import {
  type TermLookupRequest,
  type TermLookupResult,
  TERM_CHARACTERS,
} from '#common/contracts/term-lookup.schema.ts';
import { type SearchRequest, type SearchResult, ZSearchRequestSchema } from '#common/contracts/search.schema.ts';
import { searchUrl } from '#common/contracts/search.values.ts';
import { indexForms } from '#common/text/search-tokens.ts';
import { hasDiacritics } from '#common/text/vietnamese.ts';
import { AppError } from '#server/errors.ts';
import { parseDictionary } from '#server/lib/dictionary-file.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import type { DictionaryEntryRow, DictionaryRow } from '#server/repositories/dictionary.repository.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { recordAudit } from './audit.service.ts';
import type { SharedCounters } from './shared-counters.ts';
import type { Transaction } from './service-context.ts';

/** Entries read for a term before the exact forms are compared (a folded syllable has many spellings). */
const TERM_ENTRIES_READ = 500;

const UNIHAN_LICENSE = {
  license: 'Unicode License Agreement – Data Files and Software',
  licenseUrl: 'https://www.unicode.org/copyright.html',
};

interface UnihanRow {
  readings: string[];
  definition: string | null;
  traditional: string | null;
}

interface Unihan {
  version: string;
  rows: Map<string, UnihanRow>;
  /** Folded syllable → the characters with a reading of it; those it is the first reading of come first. */
  bySyllable: Map<string, string[]>;
}

/** The Unihan file (data/unihan/unihan-vi.tsv): read once, on the first look-up. */
async function readUnihan(file: string): Promise<Unihan> {
  const text = await fs.readFile(file, 'utf8');
  const version = /^# Unihan (\S+)/m.exec(text)?.[1] ?? '';
  const rows = new Map<string, UnihanRow>();
  const first = new Map<string, string[]>();
  const other = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [character, readings = '', definition = '', traditional = ''] = line.split('\t');
    const row = {
      readings: readings.split(' ').filter(Boolean),
      definition: definition || null,
      traditional: traditional || null,
    };
    rows.set(character!, row);
    new Set(row.readings.map((r) => indexForms(r).folded)).forEach((syllable) => {
      const list = syllable === indexForms(row.readings[0]!).folded ? first : other;
      list.set(syllable, [...(list.get(syllable) ?? []), character!]);
    });
  }
  const bySyllable = new Map(first);
  for (const [syllable, characters] of other) bySyllable.set(syllable, [...(first.get(syllable) ?? []), ...characters]);
  return { version, rows, bySyllable };
}

/** A syllable as the chapter prints it, without the punctuation stuck to it ("thời," → "thời"). */
function bareSyllable(word: string): string {
  return word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

/**
 * Looking up a Chinese character or term of a chapter, and the dictionaries administrators import
 * (decision 0033). Readings come from Unihan (shipped with the server), meanings from the imported
 * dictionaries, passages from the library's own search.
 */
export function createDictionaryService(deps: {
  repos: Repositories;
  transaction: Transaction;
  search: { search: (request: SearchRequest) => Promise<SearchResult> };
  unihanFile: string;
  /** The counters every process shares (decision 0038). */
  counters: SharedCounters;
  /** Look-ups per address and window (LOOKUPS_PER_MINUTE a minute; tests lower it). */
  lookupLimit?: { perAddress: number; windowMs: number };
}) {
  // Each look-up runs a search, so one address cannot make the servers search without pause;
  // counted where every process counts (like the login and write limits).
  const lookupLimit = deps.lookupLimit?.perAddress ?? LOOKUPS_PER_MINUTE;
  const lookupWindowMs = deps.lookupLimit?.windowMs ?? 60_000;
  async function countLookup(ip: string): Promise<void> {
    const window = await deps.counters.hitWindow(`dictionary-lookups:${ip}`, Date.now(), lookupWindowMs);
    if (window.count > lookupLimit) throw new AppError('TOO_MANY_REQUESTS', DICTIONARY_MESSAGES.tooManyLookups);
  }
  let unihan: ReturnType<typeof readUnihan> | null = null;
  const unihanData = () => (unihan ??= readUnihan(deps.unihanFile));

  function characterOf(rows: Map<string, UnihanRow>, character: string): HanCharacter {
    const own = rows.get(character);
    // A simplified form has no reading of its own in Unihan: its traditional form's are given.
    const source = own?.traditional ? rows.get([...own.traditional][0]!) : own;
    return {
      character,
      readings: source?.readings ?? [],
      definition: own?.definition ?? source?.definition ?? null,
      traditional: own?.traditional ?? null,
    };
  }

  /**
   * The longest headword of the imported dictionaries that covers `at`, else the tapped character.
   * Headwords are matched in traditional characters too, so a page switched to simplified still finds them.
   */
  async function termAround(chars: string[], at: number, rows: Map<string, UnihanRow>) {
    const traditional = chars.map((c) => (rows.get(c)?.traditional ? [...rows.get(c)!.traditional!][0]! : c));
    const spans = new Map<string, { start: number; end: number }>();
    for (let start = Math.max(0, at - HEADWORD_MAX + 1); start <= at; start++) {
      for (let end = at + 1; end <= Math.min(chars.length, start + HEADWORD_MAX); end++) {
        for (const word of [chars.slice(start, end).join(''), traditional.slice(start, end).join('')]) {
          if (!spans.has(word)) spans.set(word, { start, end });
        }
      }
    }
    const found = await deps.repos.dictionaries.findByHeadwords([...spans.keys()]);
    let best = { start: at, end: at + 1 };
    for (const row of found) {
      const span = spans.get(row.headword)!;
      const longer = span.end - span.start > best.end - best.start;
      const sameLengthEarlier = span.end - span.start === best.end - best.start && span.start < best.start;
      if (longer || sameLengthEarlier) best = span;
    }
    return { ...best, rows: found, spans };
  }

  /**
   * The library's book passages with `query` as a phrase, best first. Never counted among the
   * popular searches (the reader did not type it); a query the search refuses (too long, say)
   * leaves the passages out rather than failing the look-up.
   */
  async function passagesWith(query: string) {
    const request = ZSearchRequestSchema.safeParse({ query, type: 'book', perPage: LOOKUP_PASSAGES });
    if (!request.success) return null;
    const result = await deps.search.search(request.data);
    return {
      passageTotal: result.total,
      passages: result.items.flatMap((item) => {
        const first = item.passages[0];
        return first ? [{ title: item.title, label: first.label, url: first.url, snippet: first.snippet }] : [];
      }),
      searchUrl: searchUrl({ query: request.data.query, type: 'book' }),
    };
  }

  function summaryOf(row: DictionaryRow): DictionarySummary {
    return {
      id: row.id,
      name: row.name,
      license: row.license,
      sourceUrl: row.source_url,
      entryCount: row.entry_count,
      updatedAt: row.updated_at,
    };
  }

  function entryOf(row: DictionaryEntryRow) {
    return {
      headword: row.headword,
      reading: row.reading,
      meaning: row.meaning,
      dictionary: {
        id: row.dictionary_id,
        name: row.dictionary_name,
        license: row.dictionary_license,
        sourceUrl: row.dictionary_source_url,
      },
    };
  }

  return {
    /** `client.ip` is who asked (the API's reader address): over its budget, a Vietnamese 429. */
    async lookup(request: LookupRequest, client: { ip: string }): Promise<LookupResult> {
      await countLookup(client.ip);
      const { version, rows } = await unihanData();
      const chars = [...request.text];
      const { start, end, rows: found, spans } = await termAround(chars, request.at, rows);
      const term = chars.slice(start, end).join('');
      const entries = found
        .filter((r) => {
          const span = spans.get(r.headword)!;
          return (
            (span.start === start && span.end === end) || (span.start === request.at && span.end === request.at + 1)
          );
        })
        .map(entryOf);
      const characters = chars.slice(start, end).map((c) => characterOf(rows, c));

      const given = request.readings?.slice(start, end).map(bareSyllable);
      const fromDictionary = entries.find((e) => e.headword === term && e.reading)?.reading;
      const fromUnihan = characters.every((c) => c.readings.length > 0)
        ? characters.map((c) => c.readings[0]).join(' ')
        : null;
      const reading = (given?.every(Boolean) ? given.join(' ') : null) ?? fromDictionary ?? fromUnihan;

      const withReading = reading ? await passagesWith(reading) : null;
      return {
        term,
        start,
        end,
        reading,
        characters,
        entries: entries.slice(0, LOOKUP_ENTRIES),
        passages: withReading?.passages ?? [],
        passageTotal: withReading?.passageTotal ?? 0,
        searchUrl: withReading?.searchUrl ?? null,
        unihan: { version, ...UNIHAN_LICENSE },
      };
    },

    /**
     * A Vietnamese term selected in a chapter: the imported entries read so, for one syllable the
     * Chinese characters Unihan reads so, and the library's passages with the term as a phrase.
     * Folded as search folds a query: with diacritics the reading must have them too (wherever
     * the tone mark sits), without any the letters alone match.
     */
    async lookupTerm(request: TermLookupRequest, client: { ip: string }): Promise<TermLookupResult> {
      await countLookup(client.ip);
      const { version, rows, bySyllable } = await unihanData();
      const forms = indexForms(request.term);
      const exact = hasDiacritics(request.term);
      const sameReading = (reading: string) => !exact || indexForms(reading).exact === forms.exact;

      const entries = (await deps.repos.dictionaries.findByReadingFolded(forms.folded, TERM_ENTRIES_READ))
        .filter((row) => row.reading !== null && sameReading(row.reading))
        .map(entryOf);
      const characters = forms.folded.includes(' ')
        ? []
        : (bySyllable.get(forms.folded) ?? []).filter((c) => rows.get(c)!.readings.some(sameReading));
      const found = await passagesWith(request.term);
      return {
        term: request.term,
        entries: entries.slice(0, LOOKUP_ENTRIES),
        entryTotal: entries.length,
        characters: characters.slice(0, TERM_CHARACTERS).map((c) => characterOf(rows, c)),
        characterTotal: characters.length,
        passages: found?.passages ?? [],
        passageTotal: found?.passageTotal ?? 0,
        searchUrl: found?.searchUrl ?? searchUrl({ query: request.term, type: 'book' }),
        unihan: { version, ...UNIHAN_LICENSE },
      };
    },

    async list(actor: User): Promise<DictionarySummary[]> {
      requireAdmin(actor);
      return (await deps.repos.dictionaries.list()).map(summaryOf);
    },

    /** Imports a whole dictionary in one transaction; one of the same name has its entries replaced. */
    async import(actor: User, input: DictionaryImport): Promise<DictionarySummary> {
      requireAdmin(actor);
      const parsed = parseDictionary(input.format, input.content);
      if (!parsed.ok) {
        throw new AppError('VALIDATION_FAILED', parsed.problems[0], { content: parsed.problems.join('\n') });
      }
      const now = new Date().toISOString();
      const id = await deps.transaction(async (r) => {
        const existing = await r.dictionaries.findByName(input.name);
        const fields = {
          license: input.license,
          source_url: input.sourceUrl,
          entry_count: parsed.entries.length,
          updated_at: now,
        };
        const dictionaryId = existing
          ? (await r.dictionaries.update(existing.id, fields), existing.id)
          : await r.dictionaries.insert({ name: input.name, created_at: now, ...fields });
        await r.dictionaries.replaceEntries(
          dictionaryId,
          parsed.entries.map((e) => ({
            ...e,
            reading_folded: e.reading ? indexForms(e.reading).folded || null : null,
          })),
        );
        await recordAudit(r, actor, {
          action: 'import',
          itemType: 'dictionary',
          itemId: dictionaryId,
          label: input.name,
          detail: `${parsed.entries.length} mục · ${input.license}`,
        });
        return dictionaryId;
      });
      return summaryOf((await deps.repos.dictionaries.findById(id))!);
    },

    async remove(actor: User, id: number): Promise<void> {
      requireAdmin(actor);
      await deps.transaction(async (r) => {
        const row = await r.dictionaries.findById(id);
        if (!row) throw new AppError('NOT_FOUND', DICTIONARY_MESSAGES.notFound);
        await r.dictionaries.remove(id);
        await recordAudit(r, actor, {
          action: 'delete',
          itemType: 'dictionary',
          itemId: id,
          label: row.name,
          detail: `${row.entry_count} mục`,
        });
      });
    },
  };
}

export type DictionaryService = ReturnType<typeof createDictionaryService>;
