import fs from 'node:fs';
import path from 'node:path';
import * as DomUtils from 'domutils';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBookCatalogueResponseSchema, ZBookDocumentResponseSchema } from '#common/contracts/library.schema.ts';
import { plainTextOfCorpusParagraph } from '#server/lib/corpus-rows.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, DEMO_DIR, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

/** Markup a reader would see as text: a tag's opening or closing, a comment. */
const TAG_AS_TEXT = /<\/|<ruby|<rb|<rt|<br|<!--|<[a-z][a-z0-9]*[\s/>]/i;

describe('the demo corpus as text', () => {
  it('keeps the reading of a paragraph that carries left-over ruby markup, and loses the tags', () => {
    expect(
      plainTextOfCorpusParagraph(
        'thống lý đại chúng,</rt></ruby\n\t\t\t><br />\n\t\t<ruby><rb>一</rb><!-- 一 --><rt>nhất thiết vô ngại.',
      ),
    ).toBe('thống lý đại chúng, nhất thiết vô ngại.');
    // Text that only looks like comparison stays as it is.
    expect(plainTextOfCorpusParagraph('a < b và c > d')).toBe('a < b và c > d');
  });
});

describe.each(engines)('the demo books on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('show no tag as text in any chapter (the Hán-Việt reading or the Chinese)', async () => {
    const catalogue = ZBookCatalogueResponseSchema.parse(
      await (await t.app.request('/api/v1/public/doc/all-doc-content')).json(),
    ).data;
    expect(catalogue.length).toBeGreaterThan(0);
    let chapters = 0;
    for (const book of catalogue) {
      const res = await t.app.request(`/api/v1/public/doc/${book.code}`);
      const { data } = ZBookDocumentResponseSchema.parse(await res.json());
      for (const chapter of data.chapters) {
        chapters++;
        for (const html of [chapter.bodyHtml, chapter.parallelHtml ?? '']) {
          const text = DomUtils.textContent(parseDocument(html));
          expect(text, `${chapter.code}: ${text.match(TAG_AS_TEXT)?.[0]}`).not.toMatch(TAG_AS_TEXT);
        }
      }
    }
    // Every chapter of the demo files was looked at.
    const files = fs.readdirSync(path.join(DEMO_DIR, 'books'));
    const inFiles = files
      .map(
        (f) =>
          (JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'books', f), 'utf8')) as { chapters: unknown[] }).chapters
            .length,
      )
      .reduce((a, b) => a + b, 0);
    expect(chapters).toBe(inFiles);

    // The chapter that carried markup: "Tam Quy y" of the liturgy, its third refuge whole.
    const { data } = ZBookDocumentResponseSchema.parse(
      await (await t.app.request('/api/v1/public/doc/nghi-thuc-tung-niem')).json(),
    );
    const refuges = data.chapters.find((c) => c.code === 'nghi-thuc-tung-niem-21')!;
    expect(refuges.title).toBe('Tam Quy y');
    expect(DomUtils.textContent(parseDocument(refuges.bodyHtml))).toContain(
      'Tự quy y Tăng đương nguyện chúng sanh thống lý đại chúng, nhất thiết vô ngại.',
    );
  });
});
