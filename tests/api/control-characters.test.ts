import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { createApp } from '#server/app.ts';
import { createLogger } from '#server/logger.ts';
import { createDiskMediaStorage } from '#server/media/media-storage.ts';
import { newReader } from '../factories/reader.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { createTestApp, loginAdmin, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

/** A NUL byte inside otherwise ordinary text: PostgreSQL refuses it in any text value. */
const NUL = 'a\u0000b';
const CONTROL_MESSAGE = /ký tự điều khiển/;

/** The tables a refused call must leave as they were. */
const TABLES = [
  'users',
  'sessions',
  'notes',
  'note_groups',
  'playlists',
  'playlist_items',
  'talk_bookmarks',
  'favorite_books',
  'search_collections',
  'search_query_counts',
] as const;

/** `body` with the string at `path` (a.b for nested, a.0 for a list) replaced by `value`. */
function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return copy;
}

describe.each(engines)('control characters in any text on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let password: string;
  let username: string;
  let noteId: number;
  let quoteId: number;
  let groupId: number;
  let playlistId: number;
  let bookmarkId: number;
  let savedSearchId: number;
  let talkId: number;

  const api = apiClient(() => t);
  const created = async (res: Response) => {
    expect(res.status).toBeLessThan(300);
    return z.object({ data: z.object({ id: z.number() }) }).parse(await res.json()).data.id;
  };
  const snapshot = async () => {
    const rows: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      const all = await t.db.database.db.selectFrom(table).selectAll().execute();
      rows[table] = all.map((row) => JSON.stringify(row)).sort();
    }
    return rows;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const reader = newReader();
    username = reader.username;
    password = reader.password;
    const res = await t.app.request('/api/v1/public/user/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
    });
    token = z.object({ data: z.object({ token: z.string() }) }).parse(await res.json()).data.token;
    const make = factories(t);
    book = await make.book();
    talkId = (await make.talk()).id;
    highlight = {
      bookCode: book.code,
      chapterCode: book.chapters[0]!.code,
      color: 'yellow',
      content: 'Như thị ngã văn',
      body: 'Tôi nghe như vầy',
      anchor: { paragraph: 'p-1', start: 0, end: 14, exact: 'Như thị ngã văn', prefix: '', suffix: ': Nhất' },
    };
    noteId = await created(await api.post('/notes', highlight, { as: token }));
    quoteId = await created(await api.post('/notes', quote, { as: token }));
    groupId = await created(await api.post('/note_groups', { name: 'Nhóm' }, { as: token }));
    playlistId = await created(await api.post('/create_playlist', { name: 'Danh sách' }, { as: token }));
    bookmarkId = await created(await api.post('/create_bookmark', { audioId: talkId, time: 1 }, { as: token }));
    savedSearchId = await created(await api.post('/search_collections', { query: 'bát nhã' }, { as: token }));
  });
  afterAll(async () => {
    await t.close();
  });

  let book: MadeBook;
  let highlight: Record<string, unknown>;
  const quote = { color: 'red', content: 'Lời dạy', sourceTitle: 'Kinh', sourceUrl: 'https://example.org/kinh' };

  /** [method, path, a valid body, the string fields each tried with a NUL]. */
  const bodyCases = (): [string, string, Record<string, unknown>, string[]][] => [
    [
      'POST',
      '/public/user/register',
      { username: 'nguoi-doc-moi', email: 'moi@example.org', password: 'mat-khau', confirmPassword: 'mat-khau' },
      ['username', 'email', 'password', 'confirmPassword'],
    ],
    ['POST', '/public/user/login', { username, password }, ['username', 'password']],
    ['PUT', '/me', { displayName: 'Tên mới' }, ['displayName']],
    [
      'POST',
      '/me/password',
      { currentPassword: password, password: 'mat-khau-moi', confirmPassword: 'mat-khau-moi' },
      ['currentPassword', 'password', 'confirmPassword'],
    ],
    [
      'POST',
      '/notes',
      highlight,
      ['bookCode', 'chapterCode', 'content', 'body', 'anchor.exact', 'anchor.prefix', 'anchor.suffix'],
    ],
    ['POST', '/notes', quote, ['content', 'sourceTitle', 'sourceUrl']],
    ['PUT', `/note/${noteId}`, { body: 'Ghi chú' }, ['body']],
    ['PUT', `/note/${quoteId}`, quote, ['content', 'sourceTitle', 'sourceUrl']],
    ['POST', '/note_groups', { name: 'Nhóm', description: 'Lời giới thiệu' }, ['name', 'description']],
    ['PUT', `/note_group/${groupId}`, { name: 'Nhóm', description: 'Lời giới thiệu' }, ['name', 'description']],
    ['POST', '/create_playlist', { name: 'Danh sách', description: 'Mô tả' }, ['name', 'description']],
    ['POST', '/update_playlist', { id: playlistId, name: 'Danh sách', description: 'Mô tả' }, ['name', 'description']],
    ['POST', '/create_bookmark', { audioId: talkId, time: 2, label: 'Dấu' }, ['label']],
    ['POST', '/update_bookmark', { id: bookmarkId, label: 'Dấu' }, ['label']],
    ['POST', '/favorite_books', { bookCode: book.code }, ['bookCode']],
    [
      'POST',
      '/search_collections',
      { name: 'Tìm', query: 'bát nhã', conditions: ['tâm'] },
      ['name', 'query', 'conditions.0'],
    ],
    ['PUT', `/search_collection/${savedSearchId}`, { name: 'Tìm', query: 'bát nhã' }, ['name', 'query']],
    [
      'POST',
      '/public/search',
      { query: 'bát nhã', conditions: ['tâm'], bookCode: book.code },
      ['query', 'conditions.0', 'bookCode'],
    ],
  ];

  it('refuses a NUL in every text field with a Vietnamese 400 and writes nothing', async () => {
    const before = await snapshot();
    for (const [method, path, body, fields] of bodyCases()) {
      for (const field of fields) {
        const res = await api.request(method, path, withValue(body, field, NUL), { as: token });
        const label = `${method} ${path} ${field}`;
        expect(res.status, label).toBe(400);
        const error = ZErrorResponseSchema.parse(await res.json());
        expect(`${error.errorMessage} ${Object.values(error.fields ?? {}).join(' ')}`, label).toMatch(CONTROL_MESSAGE);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the other control characters in a line but keeps tabs and new lines in multi-line text', async () => {
    for (const bad of ['\u0001', '\u001b', '\u007f']) {
      const res = await api.post('/note_groups', { name: `Tên${bad}` }, { as: token });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await api.post('/note_groups', { name: 'Tên\tnhóm' }, { as: token })).status).toBe(400);
    const res = await api.put(`/note/${noteId}`, { body: 'Dòng một\r\nDòng hai\tcột' }, { as: token });
    expect(res.status).toBe(200);
  });

  // The other segment names a real book or chapter (the test's own), so only the control character is wrong.
  const pathCases = () =>
    [
      ['GET', '/public/doc/%00'],
      ['GET', '/public/book/a%00b'],
      ['GET', `/public/chapter/${book.code}/a%00b`],
      ['GET', `/public/chapter/a%00b/${book.chapters[0]!.code}`],
      ['GET', '/book/a%00b/my_notes'],
      ['DELETE', '/favorite_books/a%00b'],
      ['PUT', '/playback/a%00b'],
      ['GET', '/note/1%00'],
      ['GET', `/note_group_with_notes?id=${1}&keywordSearch=a%00b`],
      ['GET', '/public/library/search/?tim=a%00b'],
    ] as const;

  it('refuses a NUL in a path or query parameter of the API with a Vietnamese 400', async () => {
    const before = await snapshot();
    for (const [method, path] of pathCases()) {
      const res = await api.request(method, path, method === 'PUT' ? { currentTime: 1 } : undefined, { as: token });
      expect(res.status, path).toBe(400);
      const error = ZErrorResponseSchema.parse(await res.json());
      expect(`${error.errorMessage} ${Object.values(error.fields ?? {}).join(' ')}`, path).toMatch(CONTROL_MESSAGE);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a NUL in a page address before any loader reads it', async () => {
    // A stand-in for React Router: like the chapter page's loader, it looks up the first segment.
    const pages = createApp({
      services: t.services,
      env: t.env,
      logger: createLogger('silent'),
      media: createDiskMediaStorage(t.mediaDir),
      pageHandler: async (request) => {
        const [, first = ''] = new URL(request.url).pathname.split('/');
        const view = await t.services.books.getChapter(decodeURIComponent(first));
        return new Response(view ? 'chapter' : 'not found', { status: view ? 200 : 404 });
      },
    });
    expect((await pages.request(`/${book.chapters[0]!.code}`)).status).toBe(200);
    for (const path of ['/a%00b', `/a%00b/${book.code}`, '/sach/a%00b', '/tin-tuc/%00', '/search?q=a%00b']) {
      const res = await pages.request(path);
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toMatch(CONTROL_MESSAGE);
    }
  });
});

describe.each(engines)('control characters in the administration’s text on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    admin = (await loginAdmin(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });
  const api = apiClient(() => t);
  const counts = async () => {
    const tables = ['books', 'chapters', 'articles', 'article_categories', 'compilations'] as const;
    return Promise.all(
      tables.map(async (table) => (await t.db.database.db.selectFrom(table).select('id').execute()).length),
    );
  };

  it('refuses a NUL in every text field of a book, a chapter, an article, a category and a compilation', async () => {
    const book = await api.post('/admin/books', { title: 'Kinh thử' }, { as: admin });
    expect(book.status).toBe(201);
    const bookId = z.object({ data: z.object({ id: z.number() }) }).parse(await book.json()).data.id;
    const before = await counts();
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['POST', '/admin/books', { title: NUL }],
      ['POST', '/admin/books', { title: 'Kinh', author: NUL }],
      ['PUT', `/admin/book/${bookId}`, { title: 'Kinh', description: NUL }],
      ['POST', `/admin/book/${bookId}/chapters`, { title: 'Chương', markdown: NUL }],
      ['POST', `/admin/book/${bookId}/chapters`, { title: NUL, markdown: 'Lời kinh' }],
      ['POST', '/admin/markdown/preview', { markdown: NUL }],
      ['POST', '/admin/markdown_preview', { markdown: NUL }],
      ['POST', '/admin/articles', { title: NUL, bodyMarkdown: 'Nội dung', status: 'draft' }],
      ['POST', '/admin/articles', { title: 'Tin', bodyMarkdown: NUL, status: 'draft' }],
      ['POST', '/admin/article_categories', { name: NUL }],
      ['POST', '/admin/compilations', { title: NUL, items: [] }],
    ];
    for (const [method, path, body] of cases) {
      const res = await api.request(method, path, body, { as: admin });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(ZErrorResponseSchema.parse(await res.json()).errorMessage).toMatch(/[ạ-ỹđ]|ký tự/);
    }
    expect(await counts()).toEqual(before);
  });
});
