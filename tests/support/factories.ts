import crypto from 'node:crypto';
import type { User } from '#common/contracts/auth.schema.ts';
import { DEFAULT_BOOK_LICENSE } from '#common/contracts/book-admin.schema.ts';
import type { ContentStatus } from '#server/db/schema.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { indexBook } from '#server/services/search-indexer.service.ts';
import { newReader } from '../factories/reader.ts';
import type { TestApp } from './test-app.ts';

/** Someone the factories made: their account and a live session token (`api.get(path, { as })`). */
export interface Person {
  id: number;
  username: string;
  displayName: string;
  role: User['role'];
  token: string;
}

export interface MadeBook {
  id: number;
  code: string;
  title: string;
  chapters: { code: string; title: string; position: number }[];
}

const META = { ip: '127.0.0.1', userAgent: 'factories' };
const unique = () => crypto.randomBytes(4).toString('hex');

/**
 * Makers of test data, one per table a test needs, on the app's own repositories and services:
 * each returns what it made, so a test asserts on its own rows and never on the demo's titles.
 */
export function factories(t: TestApp) {
  const repos = createRepositories(t.db.database.db);
  const personOf = (session: { token: string; user: User }): Person => ({
    id: session.user.id,
    username: session.user.username,
    displayName: session.user.displayName,
    role: session.user.role,
    token: session.token,
  });

  const make = {
    /** A reader signed up the way readers do, logged in. */
    async reader(): Promise<Person> {
      const reader = newReader();
      return personOf(await t.services.auth.register({ ...reader, confirmPassword: reader.password }, META));
    },

    /** A moderator: a reader whose role an admin changed. */
    async moderator(): Promise<Person> {
      const reader = await make.reader();
      await repos.users.update(reader.id, { role: 'moderator', updated_at: new Date().toISOString() });
      return { ...reader, role: 'moderator' };
    },

    /** An admin made the way operators do (the admin command's service call), logged in. */
    async admin(): Promise<Person> {
      const username = `quantri_${unique()}`;
      const password = `mat-khau-${unique()}`;
      await t.services.auth.createOrPromoteAdmin(username, password);
      return personOf(await t.services.auth.login({ username, password }, META));
    },

    /** A book with its chapters (published unless said otherwise), indexed for search. */
    async book(
      options: { title?: string; status?: ContentStatus; chapters?: { title: string; html: string }[] } = {},
    ): Promise<MadeBook> {
      const id = unique();
      const code = `sach-thu-${id}`;
      const title = options.title ?? `Sách thử ${id}`;
      const at = new Date().toISOString();
      const chapters = (
        options.chapters ?? [
          { title: 'Chương một', html: '<p id="p-1">Như thị ngã văn: Nhất thời Phật tại Xá Vệ quốc.</p>' },
          { title: 'Chương hai', html: '<p id="p-1">Nhĩ thời Thế Tôn thực thời.</p>' },
        ]
      ).map((chapter, i) => ({ code: `${code}-${i + 1}`, title: chapter.title, position: i + 1, html: chapter.html }));
      const bookId = await repos.books.insertWithChapters(
        {
          code,
          title,
          title_original: null,
          title_sino_vietnamese: null,
          author: 'Tác giả thử',
          translator: null,
          compiler: null,
          description: null,
          category: null,
          cover_image: null,
          status: options.status ?? 'published',
          created_at: at,
          updated_at: at,
          published_at: at,
          license_spdx: DEFAULT_BOOK_LICENSE.spdx,
          license_name: DEFAULT_BOOK_LICENSE.name,
          license_url: DEFAULT_BOOK_LICENSE.url,
          license_attribution: null,
          license_note: null,
          source_url: null,
        },
        chapters.map((chapter) => ({
          code: chapter.code,
          position: chapter.position,
          title: chapter.title,
          title_original: null,
          section: null,
          body_html: chapter.html,
          parallel_html: null,
          created_at: at,
          updated_at: at,
        })),
      );
      await indexBook(repos, bookId);
      return {
        id: bookId,
        code,
        title,
        chapters: chapters.map(({ code, title, position }) => ({ code, title, position })),
      };
    },
  };
  return make;
}
