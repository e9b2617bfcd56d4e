import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNoteImportResultSchema } from '#common/contracts/note-export.schema.ts';
import { ZNoteSchema, type Note } from '#common/contracts/note.schema.ts';
import { CSV_COLUMNS, parseCsv, parseCsvRows, parseWebAnnotations } from '#server/export/annotations.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook, type Person } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const ORIGIN = 'https://phapbao.example.org';

describe.each(engines)('exporting and importing a reader’s notes on %s', (engine) => {
  let t: TestApp;
  const api = apiClient(() => t);
  let alice: Person;
  let bob: Person;
  let first: MadeBook;
  let second: MadeBook;

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false, env: { PUBLIC_URL: ORIGIN } });
    const make = factories(t);
    [alice, bob] = [await make.reader(), await make.reader()];
    first = await make.book({
      title: 'Kinh Pháp Cú',
      chapters: [
        {
          title: 'Phẩm Song Yếu',
          html: '<p id="p-1">Ý dẫn đầu các pháp, ý làm chủ, ý tạo tác.</p><p id="p-2">Hận thù diệt hận thù.</p>',
        },
        { title: 'Phẩm Không Phóng Dật', html: '<p id="p-1">Không phóng dật, đường đến bất tử.</p>' },
      ],
    });
    second = await make.book({ title: 'Kinh Bát Đại Nhân Giác' });
    const highlight = async (
      book: MadeBook,
      chapter: number,
      paragraph: string,
      exact: string,
      color: string,
      body?: string,
    ) => {
      const res = await api.post(
        '/notes',
        {
          bookCode: book.code,
          chapterCode: book.chapters[chapter]!.code,
          anchor: { paragraph, start: 0, end: exact.length, exact, prefix: '', suffix: ' tiếp' },
          color,
          content: exact,
          ...(body ? { body } : {}),
        },
        { as: alice },
      );
      expect(res.status).toBe(201);
      return ZNoteSchema.parse(((await res.json()) as { data: unknown }).data);
    };
    await highlight(first, 0, 'p-1', 'Ý dẫn đầu các pháp', 'yellow', 'Ghi nhớ: "ý" là gốc,\nmọi việc từ đó.');
    await highlight(first, 0, 'p-2', 'Hận thù diệt hận thù', 'red');
    await highlight(first, 1, 'p-1', 'Không phóng dật', 'aqua', '=SUM(A1) không phải công thức');
    const old = await highlight(second, 0, 'p-1', 'Như thị ngã văn', 'yellow');
    const quote = await api.post(
      '/notes',
      {
        color: 'red',
        content: 'Giữ tâm thanh tịnh, ấy là tu.',
        sourceTitle: 'Lời thầy, buổi giảng "Tâm"',
        sourceUrl: 'https://example.org/bai-giang?so=1',
      },
      { as: alice },
    );
    expect(quote.status).toBe(201);
    // One note from last year, for the date filter.
    await createRepositories(t.db.database.db).notes.update(alice.id, old.id, {
      created_at: '2025-03-10T08:00:00.000Z',
      updated_at: '2025-03-11T09:30:00.000Z',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const exported = async (query: string, as: Person = alice) => {
    const res = await api.get(`/notes/export?${query}`, { as });
    expect(res.status, query).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ghi-chu-phap-bao-\d{4}-\d{2}-\d{2}\./,
    );
    return res.text();
  };
  const allNotes = async (who: Person = alice): Promise<Note[]> => {
    const repos = createRepositories(t.db.database.db);
    const { presentNote } = await import('#server/presenters/note.presenter.ts');
    return (await repos.notes.listForExport(who.id)).map(presentNote);
  };
  const comparable = (notes: { color: string; content: string; body: string | null }[]) =>
    notes.map((n) => `${n.color}|${n.content}|${n.body ?? ''}`).sort();

  it('exports every note as JSON-LD and CSV that read back to the same notes', async () => {
    const notes = await allNotes();
    expect(notes).toHaveLength(5);
    const jsonld = await exported('format=jsonld');
    const collection = JSON.parse(jsonld);
    expect(collection['@context']).toBe('http://www.w3.org/ns/anno.jsonld');
    expect(collection.type).toBe('AnnotationCollection');
    expect(collection.total).toBe(5);
    const items = collection.first.items as {
      motivation: string;
      target: { source: { id?: string }; styleClass: string };
    }[];
    expect(items.filter((a) => a.motivation === 'commenting')).toHaveLength(2);
    expect(items.map((a) => a.target.source.id)).toContain(`${ORIGIN}/${first.chapters[0]!.code}/${first.code}`);
    expect(comparable(parseWebAnnotations(jsonld))).toEqual(comparable(notes));

    const csv = await exported('format=csv');
    // UTF-8 with a byte-order mark, so that spreadsheets read the Vietnamese letters right.
    const raw = new Uint8Array(await (await api.get('/notes/export?format=csv', { as: alice })).arrayBuffer());
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsvRows(csv);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    // A cell that looks like a formula is written so that a spreadsheet shows it as text.
    expect(rows.some((r) => r.includes("'=SUM(A1) không phải công thức"))).toBe(true);
    const fromCsv = parseCsv(csv);
    expect(comparable(fromCsv)).toEqual(comparable(notes));
    const [original] = notes.filter((n) => n.body?.startsWith('Ghi nhớ'));
    expect(fromCsv.find((n) => n.body === original!.body)!.highlight!.anchor).toEqual(original!.anchor);
    expect(fromCsv.find((n) => n.quote)!.quote).toEqual({
      sourceTitle: 'Lời thầy, buổi giảng "Tâm"',
      sourceUrl: 'https://example.org/bai-giang?so=1',
    });
  });

  it('exports Markdown to read: books, chapters, quotes, the reader’s words and links to the paragraph', async () => {
    const md = await exported('format=markdown');
    expect(md).toContain('# Ghi chú và đánh dấu trên Pháp Bảo');
    expect(md).toContain('## Kinh Pháp Cú');
    expect(md).toContain('### Phẩm Song Yếu');
    expect(md).toContain('> Ý dẫn đầu các pháp');
    expect(md).toContain('Ghi nhớ: "ý" là gốc,\nmọi việc từ đó.');
    expect(md).toContain(`[Mở đoạn văn](${ORIGIN}/${first.chapters[0]!.code}/${first.code}#p-1)`);
    expect(md).toContain('## Trích dẫn tự nhập');
    expect(md).toContain('— Màu đỏ');
  });

  it('filters by colour, book and date', async () => {
    const colours = (text: string) =>
      parseWebAnnotations(text)
        .map((n) => n.color)
        .sort();
    expect(colours(await exported('format=jsonld&color=red'))).toEqual(['red', 'red']);
    expect(colours(await exported('format=jsonld&color=red&color=aqua'))).toEqual(['aqua', 'red', 'red']);
    expect(colours(await exported('format=jsonld&color=aqua,yellow'))).toEqual(['aqua', 'yellow', 'yellow']);
    const ofBook = parseWebAnnotations(await exported(`format=jsonld&bookCode=${first.code}`));
    expect(ofBook.map((n) => n.highlight?.bookCode)).toEqual([first.code, first.code, first.code]);
    const lastYear = parseWebAnnotations(await exported('format=jsonld&from=2025-01-01&to=2025-03-10'));
    expect(lastYear.map((n) => n.content)).toEqual(['Như thị ngã văn']);
    expect(lastYear[0]!.createdAt).toBe('2025-03-10T08:00:00.000Z');
    const since = parseWebAnnotations(await exported('format=jsonld&from=2025-03-11'));
    expect(since).toHaveLength(4);
  });

  it('reads its own files back: nothing doubled, and after deleting, the same file again', async () => {
    const jsonld = await exported('format=jsonld');
    const csv = await exported('format=csv');
    const again = async (format: 'csv' | 'jsonld', text: string, as: Person = alice) => {
      const res = await api.post('/notes/import', { format, text }, { as });
      expect(res.status).toBe(200);
      return ZNoteImportResultSchema.parse(((await res.json()) as { data: unknown }).data);
    };
    expect(await again('jsonld', jsonld)).toEqual({ added: 0, skipped: 5, missing: 0 });
    expect(await again('csv', csv)).toEqual({ added: 0, skipped: 5, missing: 0 });
    expect(await allNotes()).toHaveLength(5);

    for (const note of await allNotes()) expect((await api.delete(`/note/${note.id}`, { as: alice })).status).toBe(200);
    expect(await again('jsonld', jsonld)).toEqual({ added: 5, skipped: 0, missing: 0 });
    expect(await exported('format=jsonld')).toBe(jsonld);
    expect(await exported('format=csv')).toBe(csv);

    for (const note of await allNotes()) expect((await api.delete(`/note/${note.id}`, { as: alice })).status).toBe(200);
    expect(await again('csv', csv)).toEqual({ added: 5, skipped: 0, missing: 0 });
    expect(await exported('format=csv')).toBe(csv);
    expect(await exported('format=jsonld')).toBe(jsonld);

    // Another reader brings Alice's file into their own notes; Alice's stay hers.
    expect(await again('jsonld', jsonld, bob)).toEqual({ added: 5, skipped: 0, missing: 0 });
    expect(await allNotes(alice)).toHaveLength(5);
    expect(comparable(await allNotes(bob))).toEqual(comparable(await allNotes(alice)));
  });

  it('skips highlights whose chapter is not in this library', async () => {
    const carol = await factories(t).reader();
    const jsonld = await exported('format=jsonld');
    const elsewhere = jsonld.replaceAll(first.code, 'sach-khong-co');
    const res = await api.post('/notes/import', { format: 'jsonld', text: elsewhere }, { as: carol });
    expect(ZNoteImportResultSchema.parse(((await res.json()) as { data: unknown }).data)).toEqual({
      added: 2,
      skipped: 0,
      missing: 3,
    });
  });

  it('refuses bad filters and bad files with a Vietnamese 400, writing nothing; anonymous gets 401', async () => {
    for (const [query, field, message] of [
      ['format=pdf', 'format', 'Định dạng chỉ có thể là markdown, csv hoặc jsonld.'],
      ['format=csv&color=blue', 'color', 'Màu chỉ có thể là aqua, yellow hoặc red.'],
      ['format=csv&from=24/11/2026', 'from', 'Ngày phải viết dạng năm-tháng-ngày, ví dụ 2026-11-24.'],
      ['format=csv&from=2026-11-24&to=2026-01-01', 'to', 'Ngày bắt đầu phải trước ngày kết thúc.'],
    ] as const) {
      const res = await api.get(`/notes/export?${query}`, { as: alice });
      expect(res.status, query).toBe(400);
      const refusal = (await res.json()) as { errorMessage: string; fields: Record<string, string> };
      expect(refusal.errorMessage, query).toBe('Thông tin gửi lên chưa hợp lệ, xin kiểm tra lại.');
      const messages = Object.entries(refusal.fields).filter(([key]) => key.split('.')[0] === field);
      expect(
        messages.map(([, m]) => m),
        query,
      ).toEqual([message]);
    }
    const before = (await allNotes()).length;
    const csv = await exported('format=csv');
    const broken = csv.replace(',red,', ',tim,');
    for (const [body, message] of [
      [{ format: 'csv', text: broken }, 'không hợp lệ: Màu chỉ có thể là aqua, yellow hoặc red.'],
      [
        { format: 'jsonld', text: '{ không phải JSON' },
        'Không đọc được tệp này: hãy chọn tệp CSV hoặc JSON-LD do Pháp Bảo xuất.',
      ],
      [{ format: 'csv', text: 'a,b\n1,2' }, 'Không đọc được tệp này: hãy chọn tệp CSV hoặc JSON-LD do Pháp Bảo xuất.'],
      [{ format: 'pdf', text: csv }, 'Chỉ nhập lại được tệp CSV hoặc JSON-LD do Pháp Bảo xuất.'],
      [{ format: 'csv', text: '   ' }, 'Tệp không có nội dung.'],
    ] as const) {
      const res = await api.post('/notes/import', body, { as: alice });
      expect(res.status).toBe(400);
      const refusal = (await res.json()) as { errorMessage: string; fields?: Record<string, string> };
      expect([refusal.errorMessage, ...Object.values(refusal.fields ?? {})].join('\n')).toContain(message);
    }
    expect((await allNotes()).length).toBe(before);
    expect((await api.get('/notes/export?format=csv')).status).toBe(401);
    expect((await api.post('/notes/import', { format: 'csv', text: csv })).status).toBe(401);
  });
});
