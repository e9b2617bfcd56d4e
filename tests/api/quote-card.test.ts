import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteCardPath } from '#common/paths.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('quote cards on %s', (engine) => {
  let t: TestApp;
  let book: MadeBook;
  let draft: MadeBook;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    const make = factories(t);
    book = await make.book({
      title: 'Kinh Pháp Cú',
      chapters: [{ title: 'Phẩm Song Yếu', html: '<p id="p-1">Ý dẫn đầu các pháp, ý làm chủ, ý tạo tác.</p>' }],
    });
    draft = await make.book({ status: 'draft' });
  });
  afterAll(async () => {
    await t.close();
  });
  const chapter = () => book.chapters[0]!.code;

  it('draws a passage of a published chapter as a 1200×630 PNG, the same each time, with an ETag', async () => {
    const path = quoteCardPath(chapter(), { paragraph: 'p-1', start: 0, end: 18 });
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(Buffer.from(await (await t.app.request(path)).arrayBuffer()).equals(png)).toBe(true);
    const again = await t.app.request(path, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    // The whole paragraph is another card; the words come from the stored chapter only.
    const whole = await t.app.request(quoteCardPath(chapter(), { paragraph: 'p-1' }));
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(png)).toBe(false);
    expect((await t.services.quoteCards.passageOf(chapter(), { paragraph: 'p-1', start: 0, end: 18 })).quote).toBe(
      'Ý dẫn đầu các pháp',
    );
  });

  it('answers a passage outside the paragraph with a Vietnamese 400, and what is not published with 404', async () => {
    for (const query of ['?tu=0', '?tu=5&den=5', '?tu=0&den=999', '?tu=-1&den=4', '?tu=a&den=4']) {
      const res = await t.app.request(`/the-trich/${chapter()}/p-1.png${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.text(), query).toContain('Vị trí đoạn trích không hợp lệ.');
    }
    for (const path of [
      `/the-trich/${chapter()}/p-9.png`,
      '/the-trich/khong-co-chuong/p-1.png',
      `/the-trich/${draft.chapters[0]!.code}/p-1.png`,
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Không tìm thấy đoạn văn này.');
    }
  });
});
