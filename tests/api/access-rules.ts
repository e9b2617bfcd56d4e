/**
 * Who may call each API route: one entry per route ("METHOD /path" as the OpenAPI document writes
 * it). tests/api/access-matrix.test.ts checks every route of the app against this table, and fails
 * for a route without an entry — a new route is added here with its rule.
 *
 * - `public`: anyone; an anonymous visitor is never refused (401/403).
 * - `reader`: a logged-in reader's own data without an id (their lists, their account); anonymous 401.
 * - `owner`: a thing one reader owns, named by an id: the owner ✓, another reader 404, anonymous 401.
 * - `private-to-others`: a public call that shows a private thing to nobody but its owner: 404.
 * - `moderator` / `admin`: anonymous 401, a reader 403, a moderator or admin passes.
 *
 * `request` builds the owner's call from fresh fixtures (`f.note()` makes a new note of the owner's);
 * without one, the call goes with `{id}` = 1 and no body, and only the refusals are checked.
 */

/** Makers of one fresh thing of the owner's; each returns its id. */
export interface Fixtures {
  talkId: number;
  /** A published book of the test's own (tests/factories/tables.ts) and its first chapter. */
  book: { code: string; chapterCode: string };
  note(): Promise<number>;
  group(): Promise<number>;
  playlist(): Promise<number>;
  /** A playlist of the owner's holding one talk: the playlist's and the item's ids. */
  playlistItem(): Promise<{ playlistId: number; itemId: number }>;
  bookmark(): Promise<number>;
  savedSearch(): Promise<number>;
  /** A correction of the owner's, waiting (of the first paragraph of `book`). */
  correction(): Promise<number>;
  /** Puts the book on the owner's reading list. */
  favorite(bookCode: string): Promise<void>;
  password: string;
}

export interface OwnerCall {
  /** The path with its ids filled in, without /api/v1 (the route's own path when absent). */
  path?: string;
  body?: unknown;
}

export type Rule =
  | { access: 'public' }
  | { access: 'reader' | 'owner' | 'private-to-others'; request?: (f: Fixtures) => Promise<OwnerCall> }
  | { access: 'moderator' | 'admin' };

const pub: Rule = { access: 'public' };
const reader: Rule = { access: 'reader' };
const admin: Rule = { access: 'admin' };
const moderator: Rule = { access: 'moderator' };
const readerCall = (request: (f: Fixtures) => Promise<OwnerCall>): Rule => ({ access: 'reader', request });
const owner = (request: (f: Fixtures) => Promise<OwnerCall>): Rule => ({ access: 'owner', request });

export const ACCESS_RULES: Record<string, Rule> = {
  // Public content.
  'GET /public/search/keywords': pub,
  'POST /public/home_page_data': pub,
  'GET /public/doc/all-doc-content': pub,
  'GET /public/doc/{code}': pub,
  'GET /public/doc/{code}/offline': pub,
  'GET /public/book/{code}': pub,
  'GET /public/chapter/{code}/{chapter}': pub,
  'GET /public/library/search/': pub,
  'POST /public/search': pub,
  'GET /public/search/popular': pub,
  'GET /public/search/suggestions': pub,
  'GET /public/audio_collections': pub,
  'GET /public/audio_collection/{id}': pub,
  'GET /public/audio/split/': pub,
  'GET /public/videos': pub,
  'GET /public/video': pub,
  'GET /public/articles': pub,
  'GET /public/all_categories': pub,
  'GET /public/article_category': pub,
  'GET /public/article': pub,
  'GET /public/compilations': pub,
  'GET /public/compilation/{id}': pub,
  'GET /public/dictionary/lookup': pub,
  'GET /public/dictionary/term': pub,
  'POST /public/note_groups': pub,
  'POST /public/featured_note_groups': pub,
  // A private note or note group is nobody else's business, even by the public calls.
  'GET /public/note/{id}': {
    access: 'private-to-others',
    request: async (f) => ({ path: `/public/note/${await f.note()}` }),
  },
  'POST /public/note_group': {
    access: 'private-to-others',
    request: async (f) => ({ body: { id: await f.group() } }),
  },

  // Accounts.
  'POST /public/user/register': pub,
  'POST /public/user/login': pub,
  'POST /public/user/forgot_password': pub,
  'POST /public/user/reset_password': pub,
  'GET /auth/{provider}/start': pub,
  'GET /auth/{provider}/callback': pub,
  'GET /me': reader,
  'PUT /me': readerCall(async () => ({ body: { displayName: 'Tên mới' } })),
  'DELETE /me': readerCall(async (f) => ({ body: { password: f.password } })),
  'POST /me/password': readerCall(async (f) => ({
    body: { currentPassword: f.password, password: 'mat-khau-moi-1', confirmPassword: 'mat-khau-moi-1' },
  })),
  'POST /me/avatar': reader,
  'POST /user/logout': reader,
  'POST /user/logout_all': reader,
  'PUT /admin/users/{id}/role': admin,

  // Notes and the reading list.
  'POST /notes': readerCall(async () => ({ body: { color: 'red', content: 'Lời dạy', sourceTitle: 'Kinh' } })),
  'GET /note/{id}': owner(async (f) => ({ path: `/note/${await f.note()}` })),
  'PUT /note/{id}': owner(async (f) => ({ path: `/note/${await f.note()}`, body: { body: 'Ghi chú mới' } })),
  'DELETE /note/{id}': owner(async (f) => ({ path: `/note/${await f.note()}` })),
  'GET /book/{code}/my_notes': readerCall(async (f) => ({ path: `/book/${f.book.code}/my_notes` })),
  'GET /ungroup_notes': reader,
  'GET /notes/export': readerCall(async () => ({ path: '/notes/export?format=csv' })),
  'POST /notes/import': readerCall(async () => ({
    body: { format: 'jsonld', text: '{"type":"AnnotationCollection","first":{"type":"AnnotationPage","items":[]}}' },
  })),
  'POST /order_notes': owner(async (f) => ({ body: { ids: [await f.note(), await f.note()] } })),
  'POST /favorite_books': readerCall(async (f) => ({ body: { bookCode: f.book.code } })),
  'GET /favorite_books': reader,
  'DELETE /favorite_books/{code}': owner(async (f) => {
    await f.favorite(f.book.code);
    return { path: `/favorite_books/${f.book.code}` };
  }),

  // Note groups and their moderation.
  'GET /note_groups': reader,
  'POST /note_groups': readerCall(async () => ({ body: { name: 'Nhóm mới' } })),
  'GET /note_group/{id}': owner(async (f) => ({ path: `/note_group/${await f.group()}` })),
  'PUT /note_group/{id}': owner(async (f) => ({ path: `/note_group/${await f.group()}`, body: { name: 'Tên khác' } })),
  'DELETE /note_group/{id}': owner(async (f) => ({ path: `/note_group/${await f.group()}` })),
  'GET /note_group/{id}/history': owner(async (f) => ({ path: `/note_group/${await f.group()}/history` })),
  'GET /note_group/{id}/pdf': owner(async (f) => ({ path: `/note_group/${await f.group()}/pdf` })),
  // Without an id it lists the caller's own groups (a reader call, checked in tests/api/note-groups.test.ts).
  'GET /note_group_with_notes': owner(async (f) => ({ path: `/note_group_with_notes?id=${await f.group()}` })),
  'GET /moderation/queue': moderator,
  'POST /moderation/note_group/{id}': moderator,
  'POST /moderation/note_group/{id}/feature': moderator,

  // Readers' corrections of paragraphs and transcript lines, and their moderation.
  'POST /corrections': readerCall(async (f) => ({
    body: { chapterCode: f.book.chapterCode, anchor: 'p-1', proposedText: 'Đoạn văn đã sửa lỗi chính tả.' },
  })),
  'GET /corrections': reader,
  'GET /correction/{id}': owner(async (f) => ({ path: `/correction/${await f.correction()}` })),
  'DELETE /correction/{id}': owner(async (f) => ({ path: `/correction/${await f.correction()}` })),
  'GET /moderation/corrections': moderator,
  'POST /moderation/correction/{id}': moderator,

  // Listening: playback, bookmarks, playlists.
  'GET /playback': reader,
  'PUT /playback/{code}': readerCall(async (f) => ({ path: `/playback/${f.book.code}`, body: { currentTime: 12 } })),
  'GET /get_bookmark/{id}': readerCall(async (f) => ({ path: `/get_bookmark/${f.talkId}` })),
  'POST /create_bookmark': readerCall(async (f) => ({ body: { audioId: f.talkId, time: 3 } })),
  'POST /update_bookmark': owner(async (f) => ({ body: { id: await f.bookmark(), label: 'Đoạn hay' } })),
  'POST /remove_bookmark': owner(async (f) => ({ body: { id: await f.bookmark() } })),
  'GET /get_playlist': reader,
  'GET /get_playlist_detail/{id}': owner(async (f) => ({ path: `/get_playlist_detail/${await f.playlist()}` })),
  'POST /create_playlist': readerCall(async () => ({ body: { name: 'Danh sách mới' } })),
  'POST /update_playlist': owner(async (f) => ({ body: { id: await f.playlist(), name: 'Tên khác' } })),
  'POST /remove_playlist': owner(async (f) => ({ body: { id: await f.playlist() } })),
  'GET /get_playlist_items/{id}': owner(async (f) => ({ path: `/get_playlist_items/${await f.playlist()}` })),
  'POST /create_playlist_item': owner(async (f) => ({
    body: { audioPlaylistItems: [{ playlistId: await f.playlist(), audioId: f.talkId }] },
  })),
  'POST /update_playlist_items': owner(async (f) => {
    const { playlistId, itemId } = await f.playlistItem();
    return { body: { playlistId, itemIds: [itemId] } };
  }),
  'POST /remove_playlist_items': owner(async (f) => ({ body: { id: (await f.playlistItem()).itemId } })),

  // Saved searches.
  'GET /search_collections': reader,
  'POST /search_collections': readerCall(async () => ({ body: { query: 'bát nhã' } })),
  'PUT /search_collection/{id}': owner(async (f) => ({
    path: `/search_collection/${await f.savedSearch()}`,
    body: { name: 'Tên khác' },
  })),
  'DELETE /search_collection/{id}': owner(async (f) => ({ path: `/search_collection/${await f.savedSearch()}` })),

  // Administration.
  'GET /admin/library/search/': moderator,
  'GET /admin/audit': admin,
  'GET /admin/dictionaries': admin,
  'POST /admin/dictionaries': admin,
  'DELETE /admin/dictionary/{id}': admin,
  'POST /admin/import': admin,
  'GET /admin/books': admin,
  'POST /admin/books': admin,
  'GET /admin/book/{id}': admin,
  'PUT /admin/book/{id}': admin,
  'DELETE /admin/book/{id}': admin,
  'POST /admin/book/{id}/publish': admin,
  'POST /admin/book/{id}/unpublish': admin,
  'POST /admin/book/{id}/cover': admin,
  'POST /admin/book/{id}/chapters': admin,
  'POST /admin/book/{id}/chapters/order': admin,
  'GET /admin/chapter/{id}': admin,
  'PUT /admin/chapter/{id}': admin,
  'DELETE /admin/chapter/{id}': admin,
  'POST /admin/markdown/preview': admin,
  'GET /admin/home_keywords': admin,
  'PUT /admin/home_keywords': admin,
  'GET /admin/footer_quotes': admin,
  'PUT /admin/footer_quotes': admin,
  'GET /admin/articles': admin,
  'POST /admin/articles': admin,
  'GET /admin/article/{id}': admin,
  'PUT /admin/article/{id}': admin,
  'DELETE /admin/article/{id}': admin,
  'POST /admin/article/{id}/cover': admin,
  'GET /admin/article_categories': admin,
  'POST /admin/article_categories': admin,
  'DELETE /admin/article_category/{id}': admin,
  'POST /admin/markdown_preview': admin,
  'GET /admin/compilations': admin,
  'POST /admin/compilations': admin,
  'GET /admin/compilation/{id}': admin,
  'PUT /admin/compilation/{id}': admin,
  'DELETE /admin/compilation/{id}': admin,
  'GET /admin/collections': admin,
  'POST /admin/collections': admin,
  'PUT /admin/collections/order': admin,
  'GET /admin/collection/{id}': admin,
  'PUT /admin/collection/{id}': admin,
  'PUT /admin/collection/{id}/order': admin,
  'POST /admin/talks': admin,
  'GET /admin/talk/{id}': admin,
  'PUT /admin/talk/{id}': admin,
  'DELETE /admin/talk/{id}': admin,
  'PUT /admin/talk/{id}/transcript': admin,
  'GET /admin/videos': admin,
  'POST /admin/videos': admin,
  'GET /admin/video/{id}': admin,
  'PUT /admin/video/{id}': admin,
  'DELETE /admin/video/{id}': admin,
  'PUT /admin/video/{id}/poster': admin,
};
