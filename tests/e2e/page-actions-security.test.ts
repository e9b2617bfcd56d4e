import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { CROSS_SITE_POST } from '#common/messages.ts';
import { newReader } from '../factories/reader.ts';
import { siteBooks } from '../factories/site.ts';
import { rawRequest, type RawResponse } from './support/raw-http.ts';
import { adminToken } from './support/session.ts';

/**
 * Page actions (React Router actions: forms, fetchers and the resource routes), which the session
 * cookie authenticates, against the built site:
 * - CSRF: a post from another site (its Origin, or only `Sec-Fetch-Site: cross-site`) is refused
 *   403 for every action route, with the session cookie of someone allowed to use it;
 * - access: anonymous → the login page (or 401), a reader on an admin's action → 403, a moderator on
 *   an admin-only action → 403;
 * - owned things: another reader's ids → 404, and the owner's thing is still there.
 * The action routes are read from the build, so a new one without a rule fails here.
 */
const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const root = path.resolve(import.meta.dirname, '..', '..');
const FOREIGN = 'https://evil.example';

type PageRule = 'public' | 'reader' | 'staff' | 'admin';
/** Who may post each action route (React Router route id → rule). */
const PAGE_ACTION_RULES: Record<string, PageRule> = {
  'routes/resources/reading-progress': 'reader',
  'routes/resources/playlist-items': 'reader',
  'routes/resources/offline-writes': 'reader',
  'routes/resources/admin-markdown-preview': 'admin',
  'routes/resources/admin-talk-upload': 'admin',
  'routes/resources/admin-video-upload': 'admin',
  'routes/search/search': 'reader',
  'routes/audio/audio': 'reader',
  'routes/videos/videos': 'reader',
  'routes/auth/login': 'public',
  'routes/auth/register': 'public',
  'routes/auth/forgot-password': 'public',
  'routes/auth/reset-password': 'public',
  'routes/auth/logout': 'public',
  'routes/books/chapter': 'reader',
  'routes/profile/profile': 'reader',
  'routes/profile/reading-history': 'reader',
  'routes/profile/playlist-edit': 'reader',
  'routes/profile/playlist': 'reader',
  'routes/profile/reading-list': 'reader',
  'routes/profile/note-export': 'reader',
  'routes/profile/search-collection': 'reader',
  'routes/profile/corrections': 'reader',
  'routes/profile/moderation': 'staff',
  'routes/profile/note-groups': 'reader',
  'admin-moderation': 'staff',
  'routes/admin/import': 'admin',
  'routes/admin/talks': 'admin',
  'routes/admin/talk-collection': 'admin',
  'routes/admin/videos': 'admin',
  'routes/admin/book-new': 'admin',
  'routes/admin/book-edit': 'admin',
  'routes/admin/chapter-edit': 'admin',
  'routes/admin/site-lists': 'admin',
  'routes/admin/articles': 'admin',
  'admin-compilation-new': 'admin',
  'routes/admin/compilation-edit': 'admin',
  'admin-article-new': 'admin',
  'routes/admin/article-edit': 'admin',
  'routes/admin/dictionaries': 'admin',
};

/** The route ids and paths of the build's routes that have an action. */
async function actionRoutesOfBuild(): Promise<{ id: string; path: string }[]> {
  const script = `import(${JSON.stringify(path.join(root, 'build', 'server', 'index.js'))}).then((b) => console.log(JSON.stringify(
    Object.entries(b.routes).filter(([, r]) => typeof r.module?.action === 'function').map(([id, r]) => ({ id, path: r.path })))))`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  return z.array(z.object({ id: z.string(), path: z.string() })).parse(JSON.parse(stdout.trim().split('\n').at(-1)!));
}

/** The chapter whose page's actions are posted to: the first of a book this file makes (beforeAll). */
let chapterCode = '';

/** A concrete address for a route path: parameters filled with something that parses. */
const addressOf = (routePath: string) =>
  '/' +
  routePath
    .replace(':chapterCode', chapterCode)
    .replace(/\/:parentDocSlug\?/, '')
    .replace(/:\w+\??/g, '1');

const api = async (method: string, apiPath: string, token: string, body?: unknown) => {
  const res = await fetch(`${baseURL}/api/v1${apiPath}`, {
    method,
    headers: { 'x-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> & { id: number } } };
};
const register = async () => {
  const reader = newReader();
  const res = await fetch(`${baseURL}/api/v1/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
  });
  return ((await res.json()) as { data: { token: string; user: { id: number } } }).data;
};

/** A same-origin (or, with `origin`, a foreign) form post carrying the session cookie of `token`. */
const post = (
  address: string,
  token: string | null,
  form: Record<string, string>,
  headers: Record<string, string | undefined> = {},
) => {
  const all: Record<string, string | undefined> = {
    'content-type': 'application/x-www-form-urlencoded',
    origin: baseURL,
    'sec-fetch-site': 'same-origin',
    ...(token ? { cookie: `pb_token=${encodeURIComponent(token)}` } : {}),
    ...headers,
  };
  const sent = Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
  return rawRequest(`${baseURL}${address}`, {
    method: 'POST',
    headers: sent,
    body: new URLSearchParams(form).toString(),
  });
};
const isLoginRedirect = (res: RawResponse) =>
  res.status >= 300 && res.status < 400 && String(res.headers.location).startsWith('/login');

/** Fields most actions read, so a refusal is not only a 400 for a missing field. */
const form = () => ({ intent: 'delete', id: '1', name: 'Tên', query: 'tâm', chapterCode });

describe('page actions: CSRF and access', () => {
  let routes: { id: string; path: string }[];
  let readerToken: string;
  let moderatorToken: string;
  let admin: string;

  let books: ReturnType<typeof siteBooks>;
  beforeAll(async () => {
    routes = await actionRoutesOfBuild();
    readerToken = (await register()).token;
    admin = await adminToken(baseURL, dataDir);
    books = siteBooks(baseURL, admin);
    chapterCode = (await books.publishedBook()).chapters[0]!.code;
    const moderator = await register();
    expect((await api('PUT', `/admin/users/${moderator.user.id}/role`, admin, { role: 'moderator' })).status).toBe(200);
    moderatorToken = moderator.token;
  });
  afterAll(() => books.removeAll());

  it('has a rule for every action route of the build', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => r.id).filter((id) => !(id in PAGE_ACTION_RULES))).toEqual([]);
    expect(Object.keys(PAGE_ACTION_RULES).filter((id) => !routes.some((r) => r.id === id))).toEqual([]);
  });

  it('refuses a post from another site to every action route, even with a valid session', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const rule = PAGE_ACTION_RULES[route.id];
      const token = rule === 'admin' || rule === 'staff' ? admin : readerToken;
      const address = addressOf(route.path);
      // undefined: the header is not sent at all.
      const variants: Record<string, string | undefined>[] = [
        { origin: FOREIGN, 'sec-fetch-site': 'cross-site' },
        { origin: FOREIGN, 'sec-fetch-site': undefined }, // an old browser: Origin only
        { origin: 'null', 'sec-fetch-site': 'cross-site' },
        { origin: undefined, 'sec-fetch-site': 'cross-site' }, // Origin hidden, Fetch Metadata still says
        { origin: baseURL.replace('127.0.0.1', 'localhost'), 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of variants) {
        const res = await post(address, token, form(), headers);
        sent += 1;
        if (res.status !== 403 || !res.body.includes(CROSS_SITE_POST)) {
          failures.push(`${address} ${JSON.stringify(headers)}: ${res.status} ${res.body.slice(0, 120)}`);
        }
      }
    }
    console.warn(`CSRF: ${sent} cross-site posts to ${routes.length} action routes, ${failures.length} accepted`);
    expect(failures).toEqual([]);
  });

  it('refuses anonymous visitors, readers on administration actions and moderators on admin-only ones', async () => {
    const failures: string[] = [];
    let checks = 0;
    const check = (what: string, ok: boolean, res: RawResponse) => {
      checks += 1;
      if (!ok) failures.push(`${what}: ${res.status} ${String(res.headers.location ?? '')} ${res.body.slice(0, 120)}`);
    };
    for (const route of routes) {
      const rule = PAGE_ACTION_RULES[route.id];
      if (rule === 'public') continue;
      const address = addressOf(route.path);
      const anonymous = await post(address, null, form());
      check(`${address} anonymous`, anonymous.status === 401 || isLoginRedirect(anonymous), anonymous);
      if (rule === 'admin' || rule === 'staff') {
        const reader = await post(address, readerToken, form());
        check(`${address} reader`, reader.status === 403, reader);
      }
      if (rule === 'admin') {
        const moderator = await post(address, moderatorToken, form());
        check(`${address} moderator`, moderator.status === 403, moderator);
      }
    }
    console.warn(`page action access: ${routes.length} routes, ${checks} checks, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });

  it("answers 404 to another reader's ids and leaves the owner's things as they were", async () => {
    const owner = (await register()).token;
    const collections = await (await fetch(`${baseURL}/api/v1/public/audio_collections`)).json();
    const collection = await (
      await fetch(`${baseURL}/api/v1/public/audio_collection/${collections.data.items[0].id}`)
    ).json();
    const talkId: number = collection.data.talks[0].id;
    const note = (await api('POST', '/notes', owner, { color: 'red', content: 'Lời dạy', sourceTitle: 'Kinh' })).json
      .data.id;
    const group = (await api('POST', '/note_groups', owner, { name: 'Nhóm riêng' })).json.data.id;
    const playlist = (await api('POST', '/create_playlist', owner, { name: 'Danh sách riêng' })).json.data.id;
    const bookmark = (await api('POST', '/create_bookmark', owner, { audioId: talkId, time: 5 })).json.data.id;
    const saved = (await api('POST', '/search_collections', owner, { query: 'bát nhã' })).json.data.id;
    const correction = (
      await api('POST', '/corrections', owner, {
        chapterCode,
        anchor: 'p-1',
        proposedText: 'Một đoạn đề nghị sửa của người khác',
      })
    ).json.data.id;

    const probes: [string, Record<string, string>, string][] = [
      [`/${chapterCode}`, { intent: 'delete-note', noteId: String(note) }, `/note/${note}`],
      [`/${chapterCode}`, { intent: 'update-note', noteId: String(note), color: 'aqua' }, `/note/${note}`],
      [`/profile/note-group/${group}`, { intent: 'delete-group' }, `/note_group/${group}`],
      [`/profile/note-group/${group}`, { intent: 'rename', name: 'Đổi tên' }, `/note_group/${group}`],
      ['/profile/note-group', { intent: 'move-note', noteId: String(note), noteGroupId: '' }, `/note/${note}`],
      [`/profile/playlist/${playlist}`, { intent: 'remove-playlist' }, `/get_playlist_detail/${playlist}`],
      [`/profile/playlist/edit/${playlist}`, { name: 'Đổi tên' }, `/get_playlist_detail/${playlist}`],
      ['/playlist-items', { playlistId: String(playlist), audioId: String(talkId) }, `/get_playlist_items/${playlist}`],
      ['/phap-am', { intent: 'remove-bookmark', id: String(bookmark) }, `/get_bookmark/${talkId}`],
      ['/profile/search-collection', { intent: 'delete', id: String(saved) }, '/search_collections'],
      ['/profile/search-collection', { id: String(saved), name: 'Đổi tên' }, '/search_collections'],
      ['/profile/correction', { intent: 'withdraw', id: String(correction) }, `/correction/${correction}`],
    ];
    const before = new Map<string, string>();
    for (const [, , check] of probes) before.set(check, JSON.stringify((await api('GET', check, owner)).json));
    const failures: string[] = [];
    for (const [address, form, check] of probes) {
      const res = await post(address, readerToken, form);
      if (res.status !== 404)
        failures.push(`${address} ${JSON.stringify(form)}: ${res.status} ${res.body.slice(0, 120)}`);
      const after = JSON.stringify((await api('GET', check, owner)).json);
      if (after !== before.get(check)) failures.push(`${address} ${JSON.stringify(form)} changed ${check}`);
    }
    console.warn(`owned page actions: ${probes.length} probes by another reader, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });
});
