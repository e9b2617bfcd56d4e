import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictionarySummary } from '#common/contracts/dictionary.schema.ts';
import { TERM_LOOKUP_MESSAGES, ZTermLookupResponseSchema } from '#common/contracts/term-lookup.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import * as readingFolded from '#server/db/migrations/0036-dictionary-reading-folded.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const termPath = (term: string) => `/public/dictionary/term?${new URLSearchParams({ term })}`;

// Readings written the ways dictionaries write them: capitals, hyphens, the old tone placement (hoà).
const ENTRIES = [
  { headword: '般若', reading: 'bát nhã', meaning: 'Trí tuệ thấy rõ thật tướng (mục thử).' },
  { headword: '波若', reading: 'Bát Nhã', meaning: 'Cách viết khác của 般若 (mục thử).' },
  { headword: '波羅蜜多', reading: 'ba-la-mật-đa', meaning: 'Đến bờ bên kia (mục thử).' },
  { headword: '和尚', reading: 'hoà thượng', meaning: 'Vị thầy truyền giới (mục thử).' },
  { headword: '和合', reading: 'hòa hợp', meaning: 'Hợp lại, không trái nhau (mục thử).' },
  { headword: '缽', reading: 'bát', meaning: 'Bình bát của người xuất gia (mục thử).' },
  { headword: '跋', reading: 'bạt', meaning: 'Lời bạt cuối sách (mục thử).' },
];

/**
 * Looking up a Vietnamese term selected in a chapter (GET /public/dictionary/term): the imported
 * entries read so, folded the way search folds a query; Unihan's characters for one syllable; the
 * library's passages with the term as a phrase.
 */
describe.each(engines)('looking up a Vietnamese term on %s', (engine) => {
  let t: TestApp;
  let book: MadeBook;
  let dictionary: DictionarySummary;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    const make = factories(t);
    dictionary = await make.dictionary({
      license: 'CC BY-SA 4.0',
      sourceUrl: 'https://example.org/tu',
      entries: ENTRIES,
    });
    book = await make.book({
      chapters: [
        {
          title: 'Chương thử',
          html: '<p id="p-1">Hành thâm Bát nhã Ba-la-mật-đa, chiếu kiến ngũ uẩn giai không.</p><p id="p-2">Chúng tăng hòa hợp.</p>',
        },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });
  const api = apiClient(() => t);

  async function lookUp(term: string) {
    const res = await api.get(termPath(term));
    expect(res.status, term).toBe(200);
    return ZTermLookupResponseSchema.parse(await res.json()).data;
  }
  const headwordsOf = async (term: string) => (await lookUp(term)).entries.map((e) => e.headword);

  it('finds the entries read so, with their dictionary and licence, however the term is written', async () => {
    const found = await lookUp('Bát nhã');
    expect(found.term).toBe('Bát nhã');
    expect(found.entries).toEqual([
      {
        headword: '般若',
        reading: 'bát nhã',
        meaning: ENTRIES[0]!.meaning,
        dictionary: {
          id: dictionary.id,
          name: dictionary.name,
          license: 'CC BY-SA 4.0',
          sourceUrl: 'https://example.org/tu',
        },
      },
      expect.objectContaining({ headword: '波若', reading: 'Bát Nhã' }),
    ]);
    expect(found.entryTotal).toBe(2);
    // Without diacritics, in capitals, decomposed (NFD), with the comma a selection drags along.
    for (const term of ['bat nha', 'BÁT NHÃ', 'Bát nhã'.normalize('NFD'), ' bát nhã, ']) {
      expect(await headwordsOf(term), term).toEqual(['般若', '波若']);
    }
    // Hyphens or spaces between the syllables.
    for (const term of ['Ba-la-mật-đa', 'ba la mat da', 'Ba la mật đa']) {
      expect(await headwordsOf(term), term).toEqual(['波羅蜜多']);
    }
  });

  it('reads the old and the new tone placement as the same word', async () => {
    for (const term of ['hòa thượng', 'hoà thượng', 'Hoà Thượng'])
      expect(await headwordsOf(term), term).toEqual(['和尚']);
    for (const term of ['hoà hợp', 'hòa hợp']) expect(await headwordsOf(term), term).toEqual(['和合']);
  });

  it('keeps the diacritics it is given: "bát" is not "bạt", "bat" is both', async () => {
    const bat = await lookUp('bát');
    expect(bat.entries.map((e) => e.headword)).toEqual(['缽']);
    expect((await lookUp('bạt')).entries.map((e) => e.headword)).toEqual(['跋']);
    expect(await headwordsOf('bat')).toEqual(['缽', '跋']);
    // One syllable: the Chinese characters Unihan reads so, with their readings and glosses.
    const eight = bat.characters.find((c) => c.character === '八');
    expect(eight).toEqual({
      character: '八',
      readings: ['bát'],
      definition: expect.stringContaining('eight'),
      traditional: null,
    });
    expect(bat.characters.map((c) => c.character)).toContain('缽');
    for (const c of bat.characters) expect(c.readings, c.character).toContain('bát');
    expect(bat.characterTotal).toBeGreaterThanOrEqual(bat.characters.length);
    expect(bat.unihan).toMatchObject({ version: '15.0.0', license: expect.stringContaining('Unicode') });
    // Unihan writes 和 "hoà": the new placement finds it too. A phrase lists no characters.
    expect((await lookUp('hòa')).characters.map((c) => c.character)).toContain('和');
    expect((await lookUp('hòa hợp')).characters).toEqual([]);
  });

  it('gives the library’s passages with the term as a phrase, and the search page for all of them', async () => {
    const found = await lookUp('bat nha');
    expect(found.passageTotal).toBe(1);
    expect(found.passages).toEqual([
      expect.objectContaining({ title: book.title, url: expect.stringContaining(book.chapters[0]!.code) }),
    ]);
    expect(found.passages[0]!.snippet.filter((s) => s.hit).map((s) => s.text)).toEqual(['Bát nhã']);
    expect(found.searchUrl).toBe('/search?query=bat+nha&mode=strict&type=book');
    // The phrase, not its words apart: "nhã bát" is in no passage.
    expect((await lookUp('nhã bát')).passageTotal).toBe(0);
  });

  it('says nothing was found, and still offers the search', async () => {
    const found = await lookUp('chưa từng thấy');
    expect(found).toMatchObject({ term: 'chưa từng thấy', entries: [], entryTotal: 0, characters: [], passages: [] });
    expect(found.passageTotal).toBe(0);
    // Nine syllables, but three words: a transliteration joined by hyphens is one.
    expect((await lookUp('A-nậu-đa-la tam-miệu tam-bồ-đề')).term).toBe('A-nậu-đa-la tam-miệu tam-bồ-đề');
    expect(found.searchUrl).toBe(
      `/search?${new URLSearchParams({ query: 'chưa từng thấy', mode: 'strict', type: 'book' })}`,
    );
  });

  it('refuses what is not a short term, in Vietnamese, never a 500', async () => {
    const cases: [string, string][] = [
      ['', TERM_LOOKUP_MESSAGES.required],
      [' , ', TERM_LOOKUP_MESSAGES.required],
      ['một hai ba bốn năm sáu bảy', TERM_LOOKUP_MESSAGES.tooLong],
      ['a'.repeat(61), TERM_LOOKUP_MESSAGES.tooLong],
      ['x'.repeat(400), TERM_LOOKUP_MESSAGES.tooLong],
      ['Bát nhã. Niết bàn', TERM_LOOKUP_MESSAGES.notTerm],
      ['般若', TERM_LOOKUP_MESSAGES.notTerm],
      ['chương 3', TERM_LOOKUP_MESSAGES.notTerm],
    ];
    for (const [term, message] of cases) {
      const res = await api.get(termPath(term));
      expect(res.status, term).toBe(400);
      const body = ZErrorResponseSchema.parse(await res.json());
      expect(body.fields?.term, term).toBe(message);
    }
    // A control character is refused with the address itself, before the look-up reads it.
    const control = await api.get(termPath('bát\u0007nhã'));
    expect(control.status).toBe(400);
    expect(ZErrorResponseSchema.parse(await control.json()).errorMessage).toMatch(/ký tự điều khiển/);
    const missing = await api.get('/public/dictionary/term');
    expect(missing.status).toBe(400);
    expect(ZErrorResponseSchema.parse(await missing.json()).fields?.term).toBe(TERM_LOOKUP_MESSAGES.required);
  });

  it('fills in the folded reading of the entries imported before the migration that added it', async () => {
    const db = t.db.database.db;
    await readingFolded.down(db as Kysely<unknown>);
    // An entry as the earlier schema stored it: no folded reading.
    await db
      .insertInto('dictionary_entries')
      .values({ dictionary_id: dictionary.id, headword: '涅槃', reading: 'Niết-bàn', meaning: 'Tịch diệt (mục thử).' })
      .execute();
    await readingFolded.up(db as Kysely<unknown>);
    expect(await headwordsOf('niet ban')).toEqual(['涅槃']);
    expect(await headwordsOf('bat nha')).toEqual(['般若', '波若']);
  });
});
