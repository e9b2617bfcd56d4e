import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DICTIONARY_MAX_BYTES,
  DICTIONARY_MESSAGES,
  ZDictionariesResponseSchema,
  ZDictionaryResponseSchema,
  ZLookupResponseSchema,
} from '#common/contracts/dictionary.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type Person } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const DATA_DIR = path.resolve(import.meta.dirname, '..', '..', 'data');
const CC_CEDICT_SOURCE = 'https://www.mdbg.net/chinese/dictionary?page=cc-cedict';

// The first line of the Heart Sutra as the demo book prints it: 14 characters, 14 syllables.
const LINE = '觀自在菩薩行深波若波羅蜜多時';
const READINGS = 'Quán Tự Tại Bồ tát, hành thâm Bát nhã Ba la mật đa thời,';
const lookupPath = (params: Record<string, string | number>) =>
  `/public/dictionary/lookup?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

const TSV = [
  '# Thử nghiệm: hai mục do kiểm thử viết',
  '波若\tbát nhã\tTrí tuệ thấy rõ thật tướng của các pháp (prajñā).',
  '波羅蜜多\tba la mật đa\tĐến bờ bên kia (pāramitā).',
  '',
].join('\n');

describe.each(engines)('dictionary look-up and import on %s', (engine) => {
  let t: TestApp;
  let admin: Person;
  let reader: Person;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const make = factories(t);
    [admin, reader] = [await make.admin(), await make.reader()];
  });
  afterAll(async () => {
    await t.close();
  });
  const api = apiClient(() => t);

  async function lookup(params: Record<string, string | number>) {
    const res = await api.get(lookupPath(params));
    expect(res.status).toBe(200);
    return ZLookupResponseSchema.parse(await res.json()).data;
  }

  async function refusal(res: Response, status: number) {
    expect(res.status).toBe(status);
    return ZErrorResponseSchema.parse(await res.json());
  }

  it('gives a character its Unihan reading and gloss, the chapter’s own reading, and passages with it', async () => {
    const found = await lookup({ text: LINE, at: 1, readings: READINGS });
    expect(found).toMatchObject({ term: '自', start: 1, end: 2, reading: 'Tự', entries: [] });
    expect(found.characters).toEqual([
      { character: '自', readings: ['tự'], definition: expect.stringContaining('self'), traditional: null },
    ]);
    expect(found.unihan).toMatchObject({ version: '15.0.0', license: expect.stringContaining('Unicode') });
    // Without the chapter's readings, Unihan's first reading names the term.
    expect((await lookup({ text: '佛' })).reading).toBe('phật');
  });

  it('looks a simplified character up as its traditional form', async () => {
    const found = await lookup({ text: '观' });
    expect(found.characters[0]).toMatchObject({ character: '观', traditional: '觀', readings: ['quan'] });
  });

  it('refuses what is not Chinese, a place outside the text and readings that do not match, in Vietnamese', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ text: 'Bát nhã' }, 'text', DICTIONARY_MESSAGES.textNotHan],
      [{ text: '般若，' }, 'text', DICTIONARY_MESSAGES.textNotHan],
      [{ text: '' }, 'text', DICTIONARY_MESSAGES.textRequired],
      [{ text: '佛'.repeat(17) }, 'text', DICTIONARY_MESSAGES.textTooLong],
      [{ text: '般若', at: 2 }, 'at', DICTIONARY_MESSAGES.badPosition],
      [{ text: '般若', at: 'một' }, 'at', DICTIONARY_MESSAGES.badPosition],
      [{ text: '般若', readings: 'bát' }, 'readings', DICTIONARY_MESSAGES.readingsMismatch],
    ];
    for (const [params, field, message] of cases) {
      const body = await refusal(await api.get(lookupPath(params)), 400);
      expect(body.fields?.[field], JSON.stringify(params)).toBe(message);
    }
  });

  it('lets only admins import, list and remove dictionaries', async () => {
    const input = { name: 'Từ điển thử', license: 'CC0 1.0', format: 'tsv', content: TSV };
    for (const [method, url] of [
      ['GET', '/admin/dictionaries'],
      ['POST', '/admin/dictionaries'],
      ['DELETE', '/admin/dictionary/1'],
    ] as const) {
      const body = method === 'POST' ? input : undefined;
      const anonymous = await refusal(await api.request(method, url, body), 401);
      expect(anonymous.errorMessage).toMatch(/đăng nhập/i);
      const asReader = await refusal(await api.request(method, url, body, { as: reader }), 403);
      expect(asReader.errorMessage).not.toBe('');
    }
    expect(await t.db.database.db.selectFrom('dictionary_entries').select('id').execute()).toEqual([]);
  });

  it('imports a TSV dictionary whose terms the look-up then finds around the tapped character', async () => {
    const res = await api.post(
      '/admin/dictionaries',
      {
        name: 'Từ điển thử',
        license: 'CC0 1.0',
        sourceUrl: 'https://example.org/tu-dien',
        format: 'tsv',
        content: TSV,
      },
      { as: admin },
    );
    expect(res.status).toBe(201);
    const dictionary = ZDictionaryResponseSchema.parse(await res.json()).data;
    expect(dictionary).toMatchObject({ name: 'Từ điển thử', license: 'CC0 1.0', entryCount: 2 });

    // 若 (place 8) is inside 波若 (7–9): the term, its reading as the chapter gives it, the entry and its licence.
    const found = await lookup({ text: LINE, at: 8, readings: READINGS });
    expect(found).toMatchObject({ term: '波若', start: 7, end: 9, reading: 'Bát nhã' });
    expect(found.entries).toEqual([
      {
        headword: '波若',
        reading: 'bát nhã',
        meaning: 'Trí tuệ thấy rõ thật tướng của các pháp (prajñā).',
        dictionary: {
          id: dictionary.id,
          name: 'Từ điển thử',
          license: 'CC0 1.0',
          sourceUrl: 'https://example.org/tu-dien',
        },
      },
    ]);
    expect(found.characters.map((c) => c.character)).toEqual(['波', '若']);
    // Passages of the library's books with "bát nhã", the Heart Sutra among them, the words marked.
    expect(found.passageTotal).toBeGreaterThan(0);
    expect(found.passages.length).toBeGreaterThan(0);
    for (const passage of found.passages) {
      expect(passage.snippet.filter((s) => s.hit).map((s) => s.text.toLowerCase())).toContain('bát nhã');
      expect(passage.url).toMatch(/^\//);
    }
    expect(found.passages.map((p) => p.title).join(' ')).toMatch(/Tâm Kinh/i);
    expect(found.searchUrl).toBe('/search?query=B%C3%A1t+nh%C3%A3&mode=strict&type=book');

    // The longest headword wins: 波羅蜜多 around 羅 (place 10).
    expect(await lookup({ text: LINE, at: 10, readings: READINGS })).toMatchObject({
      term: '波羅蜜多',
      reading: 'Ba la mật đa',
    });
  });

  it('replaces a dictionary imported again under its name, from JSON, and records it in the audit log', async () => {
    const content = JSON.stringify({ entries: [{ headword: '菩薩', reading: 'bồ tát', meaning: 'Người giác ngộ.' }] });
    const res = await api.post(
      '/admin/dictionaries',
      { name: 'Từ điển thử', license: 'CC0 1.0', format: 'json', content },
      { as: admin },
    );
    expect(res.status).toBe(201);
    expect(ZDictionaryResponseSchema.parse(await res.json()).data.entryCount).toBe(1);
    expect((await lookup({ text: LINE, at: 8 })).entries).toEqual([]);
    expect((await lookup({ text: LINE, at: 3 })).term).toBe('菩薩');
    // The same term in simplified characters (the page's "Giản thể") finds the traditional headword.
    const simplified = await lookup({ text: '观自在菩萨', at: 4 });
    expect(simplified).toMatchObject({ term: '菩萨', start: 3, end: 5 });
    expect(simplified.entries.map((e) => e.headword)).toEqual(['菩薩']);
    const list = ZDictionariesResponseSchema.parse(await (await api.get('/admin/dictionaries', { as: admin })).json());
    expect(list.data.items.map((d) => [d.name, d.entryCount])).toEqual([['Từ điển thử', 1]]);
    const audit = await t.db.database.db
      .selectFrom('audit_log')
      .select(['action', 'item_type', 'item_label'])
      .where('item_type', '=', 'dictionary')
      .execute();
    expect(audit).toEqual([
      { action: 'import', item_type: 'dictionary', item_label: 'Từ điển thử' },
      { action: 'import', item_type: 'dictionary', item_label: 'Từ điển thử' },
    ]);
  });

  it('refuses a file with a bad line whole, naming the line in Vietnamese, and keeps what was there', async () => {
    const bad = ['般若\tbát nhã\tTrí tuệ.', 'Bát nhã\tbát nhã\tviết bằng chữ Latinh', '涅槃\tniết bàn'].join('\n');
    const body = await refusal(
      await api.post(
        '/admin/dictionaries',
        { name: 'Từ điển thử', license: 'CC0 1.0', format: 'tsv', content: bad },
        { as: admin },
      ),
      400,
    );
    expect(body.errorMessage).toBe(DICTIONARY_MESSAGES.atLine(2, DICTIONARY_MESSAGES.headwordNotHan));
    expect(body.fields?.content?.split('\n')).toEqual([
      DICTIONARY_MESSAGES.atLine(2, DICTIONARY_MESSAGES.headwordNotHan),
      DICTIONARY_MESSAGES.atLine(3, DICTIONARY_MESSAGES.columns),
    ]);
    const entries = await t.db.database.db.selectFrom('dictionary_entries').select('headword').execute();
    expect(entries.map((e) => e.headword)).toEqual(['菩薩']);

    for (const [input, message] of [
      [{ format: 'json', content: '{"entries": [' }, DICTIONARY_MESSAGES.badJson],
      [{ format: 'json', content: '[]' }, DICTIONARY_MESSAGES.badJsonShape],
      [{ format: 'tsv', content: '# chỉ có chú thích\n' }, DICTIONARY_MESSAGES.empty],
      [{ format: 'csv', content: TSV }, DICTIONARY_MESSAGES.badFormat],
      [{ format: 'tsv', content: TSV, license: ' ' }, DICTIONARY_MESSAGES.licenseRequired],
      [{ format: 'tsv', content: `${'佛\tphật\t'}${'x'.repeat(DICTIONARY_MAX_BYTES)}` }, DICTIONARY_MESSAGES.tooLarge],
    ] as const) {
      const res = await api.post('/admin/dictionaries', { name: 'Khác', license: 'CC0 1.0', ...input }, { as: admin });
      expect(res.status, message).toBe(400);
      const refused = ZErrorResponseSchema.parse(await res.json());
      expect([refused.errorMessage, ...Object.values(refused.fields ?? {})]).toContain(message);
    }
    expect(await t.db.database.db.selectFrom('dictionaries').select('name').execute()).toEqual([
      { name: 'Từ điển thử' },
    ]);
  });

  it('removes a dictionary with its entries; a second removal is 404', async () => {
    const { id } = await t.db.database.db.selectFrom('dictionaries').select('id').executeTakeFirstOrThrow();
    expect((await api.delete(`/admin/dictionary/${id}`, { as: admin })).status).toBe(200);
    expect(await t.db.database.db.selectFrom('dictionary_entries').select('id').execute()).toEqual([]);
    const again = await refusal(await api.delete(`/admin/dictionary/${id}`, { as: admin }), 404);
    expect(again.errorMessage).toBe(DICTIONARY_MESSAGES.notFound);
    expect((await lookup({ text: LINE, at: 3 })).term).toBe('菩');
  });

  it('imports the shipped CC-CEDICT selection (data/dictionaries) as an administrator would; a tap finds its gloss and licence', async () => {
    const content = fs.readFileSync(path.join(DATA_DIR, 'dictionaries', 'cc-cedict-demo.tsv'), 'utf8');
    const words = content.split('\n').filter((line) => line && !line.startsWith('#')).length;
    const res = await api.post(
      '/admin/dictionaries',
      { name: 'CC-CEDICT (MDBG)', license: 'CC BY-SA 4.0', sourceUrl: CC_CEDICT_SOURCE, format: 'tsv', content },
      { as: admin },
    );
    expect(res.status).toBe(201);
    expect(ZDictionaryResponseSchema.parse(await res.json()).data).toMatchObject({ entryCount: words });
    // 菩 (place 3) is inside 菩薩, a word of the Heart Sutra's first line.
    const found = await lookup({ text: LINE, at: 3, readings: READINGS });
    expect(found).toMatchObject({ term: '菩薩', start: 3, end: 5, reading: 'Bồ tát' });
    expect(found.entries).toEqual([
      expect.objectContaining({
        headword: '菩薩',
        meaning: expect.stringContaining('bodhisattva'),
        dictionary: expect.objectContaining({ license: 'CC BY-SA 4.0', sourceUrl: CC_CEDICT_SOURCE }),
      }),
    ]);
  });
});

describe.each(engines)('dictionary look-up budget on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { lookupLimit: { perAddress: 3, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await t.close();
  });
  const api = apiClient(() => t);

  it('refuses look-ups past the address’s budget with a Vietnamese 429 (each one runs a search)', async () => {
    for (let i = 0; i < 3; i++) expect((await api.get(lookupPath({ text: '佛' }))).status).toBe(200);
    const refused = await api.get(lookupPath({ text: '佛' }));
    expect(refused.status).toBe(429);
    expect(ZErrorResponseSchema.parse(await refused.json()).errorMessage).toBe(DICTIONARY_MESSAGES.tooManyLookups);
  });
});
