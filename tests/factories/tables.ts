import crypto from 'node:crypto';
import type { User } from '#common/contracts/auth.schema.ts';
import { DEFAULT_BOOK_LICENSE } from '#common/contracts/book-admin.schema.ts';
import type { DictionarySummary } from '#common/contracts/dictionary.schema.ts';
import type { ContentStatus } from '#server/db/schema.ts';
import { renderMarkdownHtml } from '#server/lib/markdown-html.ts';
import { toWebVtt } from '#server/lib/webvtt.ts';
import { openMediaStorage } from '#server/media/open-media-storage.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { storedTranscriptSegments } from '#server/services/media-upload.ts';
import {
  indexArticle,
  indexBook,
  indexCollection,
  indexTalk,
  indexVideo,
} from '#server/services/search-indexer.service.ts';
import { newReader } from './reader.ts';
import type { TestApp } from '../support/test-app.ts';
import { dictionaryTsv, type TestDictionaryEntry } from './dictionary-tsv.ts';

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

/** What a test may say of the book it needs; the rest is a plain published book of two chapters. */
export interface BookOptions {
  title?: string;
  titleOriginal?: string;
  titleSinoVietnamese?: string;
  author?: string;
  compiler?: string;
  description?: string;
  license?: { spdx: string; name: string; url: string; attribution?: string };
  sourceUrl?: string;
  status?: ContentStatus;
  /**
   * Chapters stored as HTML (as imported ones are), or written in Markdown (as the admin's editor
   * saves them: the Markdown kept, the HTML rendered from it).
   */
  chapters?: ({ title: string; titleOriginal?: string; section?: string; parallelHtml?: string } & (
    { html: string } | { markdown: string }
  ))[];
}

export interface MadeTalk {
  id: number;
  title: string;
  collection: { id: number; title: string };
  duration: number;
}

export interface MadeArticle {
  id: number;
  slug: string;
  title: string;
}

export interface MadeVideo {
  id: number;
  slug: string;
  title: string;
  transcriptFile: string | null;
}

export interface MadeNote {
  id: number;
  content: string;
  noteGroupId: number | null;
}

export interface MadeNoteGroup {
  id: number;
  name: string;
}

export interface MadePlaylist {
  id: number;
  name: string;
  talkIds: number[];
}

const META = { ip: '127.0.0.1', userAgent: 'factories' };
/** The licence a new book or article gets in the administration, no source. */
const LICENSE_COLUMNS = {
  license_spdx: DEFAULT_BOOK_LICENSE.spdx,
  license_name: DEFAULT_BOOK_LICENSE.name,
  license_url: DEFAULT_BOOK_LICENSE.url,
  license_attribution: null,
  license_note: null,
  source_url: null,
};
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

  async function adminSession() {
    const username = `quantri_${unique()}`;
    const password = `mat-khau-${unique()}`;
    await t.services.auth.createOrPromoteAdmin(username, password);
    return t.services.auth.login({ username, password }, META);
  }

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
      return personOf(await adminSession());
    },

    /**
     * A dictionary imported the way an administrator imports one (a TSV file: docs/dictionary-format.md),
     * under a name of its own unless one is given.
     */
    async dictionary(options: {
      name?: string;
      license?: string;
      sourceUrl?: string;
      entries: TestDictionaryEntry[];
    }): Promise<DictionarySummary> {
      const content = dictionaryTsv(options.entries);
      return t.services.dictionary.import((await adminSession()).user, {
        name: options.name ?? `Từ điển thử ${unique()}`,
        license: options.license ?? 'CC0 1.0',
        sourceUrl: options.sourceUrl ?? null,
        format: 'tsv',
        content,
      });
    },

    /** A book with its chapters (published unless said otherwise), indexed for search. */
    async book(options: BookOptions = {}): Promise<MadeBook> {
      const id = unique();
      const code = `sach-thu-${id}`;
      const title = options.title ?? `Sách thử ${id}`;
      const at = new Date().toISOString();
      const license: NonNullable<BookOptions['license']> = options.license ?? DEFAULT_BOOK_LICENSE;
      const chapters = (
        options.chapters ?? [
          { title: 'Chương một', html: '<p id="p-1">Như thị ngã văn: Nhất thời Phật tại Xá Vệ quốc.</p>' },
          { title: 'Chương hai', html: '<p id="p-1">Nhĩ thời Thế Tôn thực thời.</p>' },
        ]
      ).map((chapter, i) => ({ ...chapter, code: `${code}-${i + 1}`, position: i + 1 }));
      const bookId = await repos.books.insertWithChapters(
        {
          code,
          title,
          title_original: options.titleOriginal ?? null,
          title_sino_vietnamese: options.titleSinoVietnamese ?? null,
          author: options.author ?? 'Tác giả thử',
          translator: null,
          compiler: options.compiler ?? null,
          description: options.description ?? null,
          category: null,
          cover_image: null,
          status: options.status ?? 'published',
          created_at: at,
          updated_at: at,
          published_at: at,
          license_spdx: license.spdx,
          license_name: license.name,
          license_url: license.url,
          license_attribution: license.attribution ?? null,
          license_note: null,
          source_url: options.sourceUrl ?? null,
        },
        chapters.map((chapter) => ({
          code: chapter.code,
          position: chapter.position,
          title: chapter.title,
          title_original: chapter.titleOriginal ?? null,
          section: chapter.section ?? null,
          body_html: 'html' in chapter ? chapter.html : renderMarkdownHtml(chapter.markdown),
          body_markdown: 'markdown' in chapter ? chapter.markdown.normalize('NFC') : null,
          parallel_html: chapter.parallelHtml ?? null,
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
    /**
     * A talk in a collection of its own (both published unless said otherwise), indexed for search.
     * Its MP3 is not stored: a test that plays it uses a demo talk or uploads one.
     */
    async talk(
      options: {
        title?: string;
        speaker?: string;
        duration?: number;
        recordedOn?: string;
        status?: ContentStatus;
      } = {},
    ): Promise<MadeTalk> {
      const id = unique();
      const at = new Date().toISOString();
      const status = options.status ?? 'published';
      const collectionTitle = `Tuyển tập thử ${id}`;
      const collectionId = await repos.talks.insertCollection({
        slug: `tuyen-tap-thu-${id}`,
        title: collectionTitle,
        description: null,
        speaker: options.speaker ?? 'Người giảng thử',
        cover_image: null,
        position: await repos.talks.nextPosition(null),
        status,
        created_at: at,
        updated_at: at,
      });
      const title = options.title ?? `Bài giảng thử ${id}`;
      const duration = options.duration ?? 600;
      const talkId = await repos.talks.insertTalk({
        collection_id: collectionId,
        slug: `bai-giang-thu-${id}`,
        title,
        description: null,
        speaker: options.speaker ?? 'Người giảng thử',
        file_name: `phap-am/thu-${id}.mp3`,
        mime_type: 'audio/mpeg',
        size_bytes: 1000,
        duration_seconds: duration,
        recorded_on: options.recordedOn ?? null,
        transcript_file: null,
        position: 1,
        status,
        created_at: at,
        updated_at: at,
        license_spdx: null,
        license_name: null,
        license_url: null,
        license_attribution: null,
      });
      await indexCollection(repos, collectionId);
      await indexTalk(repos, talkId, []);
      return { id: talkId, title, collection: { id: collectionId, title: collectionTitle }, duration };
    },

    /** An article without a category (published unless said otherwise), indexed for search. */
    async article(options: { title?: string; status?: ContentStatus } = {}): Promise<MadeArticle> {
      const id = unique();
      const at = new Date().toISOString();
      const title = options.title ?? `Bài viết thử ${id}`;
      const slug = `bai-viet-thu-${id}`;
      const articleId = await repos.articles.insert({
        slug,
        category_id: null,
        title,
        summary: null,
        body_html: '<p>Nội dung bài viết thử.</p>',
        cover_image: null,
        author: null,
        status: options.status ?? 'published',
        published_at: at,
        created_at: at,
        updated_at: at,
        ...LICENSE_COLUMNS,
      });
      await indexArticle(repos, articleId);
      return { id: articleId, slug, title };
    },

    /**
     * A self-hosted video (published unless said otherwise) with, when `transcript` is given, a
     * WebVTT file of those lines five seconds apart in the media storage; indexed for search. Its
     * MP4 is not stored.
     */
    async video(options: { title?: string; status?: ContentStatus; transcript?: string[] } = {}): Promise<MadeVideo> {
      const id = unique();
      const at = new Date().toISOString();
      const media = openMediaStorage(t.env);
      const transcriptFile = options.transcript ? `video/thu-${id}.vtt` : null;
      if (transcriptFile) {
        const cues = options.transcript!.map((text, i) => ({ startSeconds: i * 5, endSeconds: i * 5 + 4, text }));
        await media.write(transcriptFile, Buffer.from(toWebVtt(cues), 'utf8'));
      }
      const title = options.title ?? `Video thử ${id}`;
      const slug = `video-thu-${id}`;
      const videoId = await repos.videos.insert({
        slug,
        title,
        description: null,
        speaker: 'Người giảng thử',
        provider: 'file',
        youtube_id: null,
        file_name: `video/thu-${id}.mp4`,
        duration_seconds: 60,
        status: options.status ?? 'published',
        published_at: at,
        created_at: at,
        updated_at: at,
        thumbnail_file: null,
        transcript_file: transcriptFile,
        license_spdx: null,
        license_name: null,
        license_url: null,
        license_attribution: null,
      });
      await indexVideo(repos, videoId, (file) => storedTranscriptSegments(media, file));
      return { id: videoId, slug, title, transcriptFile };
    },

    /** A quote typed by hand in `owner`'s notes (in a group when `noteGroupId` is given). */
    async note(
      owner: Pick<Person, 'id'>,
      options: { content?: string; sourceTitle?: string; noteGroupId?: number } = {},
    ): Promise<MadeNote> {
      const at = new Date().toISOString();
      const content = options.content ?? `Lời ghi thử ${unique()}`;
      const id = await repos.notes.insert({
        user_id: owner.id,
        book_id: null,
        chapter_id: null,
        anchor: null,
        source_title: options.sourceTitle ?? 'Nguồn thử',
        source_url: null,
        note_group_id: options.noteGroupId ?? null,
        color: 'yellow',
        content,
        body: null,
        position: (await repos.notes.maxPosition(owner.id)) + 1,
        visibility: 'private',
        created_at: at,
        updated_at: at,
      });
      return { id, content, noteGroupId: options.noteGroupId ?? null };
    },

    /** A private note group of `owner`'s. */
    async noteGroup(owner: Pick<Person, 'id'>, options: { name?: string } = {}): Promise<MadeNoteGroup> {
      const at = new Date().toISOString();
      const name = options.name ?? `Nhóm thử ${unique()}`;
      const id = await repos.noteGroups.insert({
        user_id: owner.id,
        name,
        description: null,
        moderation_reason: null,
        moderated_at: null,
        submitted_at: null,
        approved_at: null,
        featured_at: null,
        created_at: at,
        updated_at: at,
      });
      return { id, name };
    },

    /** A playlist of `owner`'s with `talkIds` in that order. */
    async playlist(
      owner: Pick<Person, 'id'>,
      options: { name?: string; talkIds?: number[] } = {},
    ): Promise<MadePlaylist> {
      const at = new Date().toISOString();
      const name = options.name ?? `Danh sách thử ${unique()}`;
      const id = await repos.playlists.insert({
        user_id: owner.id,
        name,
        description: null,
        created_at: at,
        updated_at: at,
      });
      const talkIds = options.talkIds ?? [];
      for (const [i, talkId] of talkIds.entries()) await repos.playlists.addItem(id, talkId, i + 1, at);
      return { id, name, talkIds };
    },
  };
  return make;
}
