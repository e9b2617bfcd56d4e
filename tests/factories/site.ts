import crypto from 'node:crypto';
import {
  ZAdminBookPageSchema,
  ZAdminBookSchema,
  ZAdminChapterSchema,
  type AdminBook,
} from '#common/contracts/book-admin.schema.ts';
import { ZAdminCollectionSchema, ZAdminTalkSchema } from '#common/contracts/talk-admin.schema.ts';
import { ZAdminVideoSchema } from '#common/contracts/video-admin.schema.ts';
import { type DictionarySummary, ZDictionarySummarySchema } from '#common/contracts/dictionary.schema.ts';
import { dictionaryTsv, type TestDictionaryEntry } from './dictionary-tsv.ts';
import { makeSilentMp3, MP3_FRAME_SECONDS, realMp4, timedTranscript } from './import-files.ts';
import { multipartForm, type FilePart } from '../support/multipart.ts';

export interface SiteBook {
  id: number;
  code: string;
  title: string;
  chapters: { code: string; title: string }[];
  /** The first chapter's address: /{chapter code}/{book code}. */
  firstChapterPath: string;
}

export interface SiteTalkCollection {
  id: number;
  title: string;
  /** Its page: /phap-am/{id}. */
  path: string;
  talks: { id: number; title: string; path: string; transcriptUrl: string | null }[];
}

/** A call of the running site's API as the administrator `adminToken`: JSON, or a multipart form. */
function adminApi(baseURL: string, adminToken: string) {
  return async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(`${baseURL}/api/v1${path}`, {
      method,
      headers: { 'x-token': adminToken, ...(json ? { 'content-type': 'application/json' } : {}) },
      ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as FormData) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: unknown }).data;
  };
}

/**
 * A talk's or video's transcript as uploaded: its lines, a line every `secondsEach` (4 s), as
 * WebVTT or as SRT (which the site stores as WebVTT).
 */
export type SiteTranscript = { lines: string[] } & Parameters<typeof timedTranscript>[1];

/** What a test needs of a book the admin API answered with. */
function siteBookOf(
  book: Pick<AdminBook, 'id' | 'code' | 'title'> & { chapters: { code: string; title: string | null }[] },
): SiteBook {
  return {
    id: book.id,
    code: book.code,
    title: book.title,
    chapters: book.chapters.map((c) => ({ code: c.code, title: c.title ?? '' })),
    firstChapterPath: `/${book.chapters[0]!.code}/${book.code}`,
  };
}

/** A title that ends with a new number, so a browser test asserts on its own item, not the demo's. */
const numbered = (title: string) => `${title} ${crypto.randomInt(1e6, 1e7)}`;

/**
 * Books made on a running site (the browser tests' shared server) through its administration API,
 * as an editor makes them; `adminToken` is an administrator's session. Each title ends with a new
 * number, so a browser test asserts on its own book and not on the demo's. The shared library is
 * the one other browser tests count: `removeAll()` (in `afterAll`) deletes what was made.
 */
export function siteBooks(baseURL: string, adminToken: string) {
  const made: number[] = [];
  const call = adminApi(baseURL, adminToken);

  return {
    /** A published book; each chapter's Markdown paragraphs become its paragraphs p-1, p-2, … */
    async publishedBook(
      options: { title?: string; chapters?: { title: string; markdown: string }[] } = {},
    ): Promise<SiteBook> {
      const title = numbered(options.title ?? 'Sách thử');
      const book = ZAdminBookSchema.parse(await call('POST', '/admin/books', { title, author: 'Tác giả thử' }));
      made.push(book.id);
      const chapters = [];
      for (const chapter of options.chapters ?? [{ title: 'Chương một', markdown: 'Như thị ngã văn.' }]) {
        chapters.push(ZAdminChapterSchema.parse(await call('POST', `/admin/book/${book.id}/chapters`, chapter)));
      }
      await call('POST', `/admin/book/${book.id}/publish`);
      return siteBookOf({ ...book, chapters });
    },

    /**
     * A published book imported from a Markdown file (`POST /admin/import`) as an editor imports
     * one: its chapters are stored as HTML with no Markdown source, as the demo's are, which is
     * what a reader's correction of a paragraph may change (an editor's Markdown chapter refuses it).
     */
    async importedBook(
      options: { title?: string; chapters?: { title: string; markdown: string }[] } = {},
    ): Promise<SiteBook> {
      const title = numbered(options.title ?? 'Sách nhập thử');
      const code = `sach-nhap-thu-${crypto.randomInt(1e6, 1e7)}`;
      const file = [
        // JSON's quoted strings are YAML's too.
        `---\ntitle: ${JSON.stringify(title)}\nauthor: Tác giả thử\ncode: ${code}\n---`,
        ...(options.chapters ?? [{ title: 'Chương một', markdown: 'Như thị ngã văn.' }]).map(
          (chapter) => `# ${chapter.title}\n\n${chapter.markdown}`,
        ),
      ].join('\n\n');
      const outcomes = (await call(
        'POST',
        '/admin/import',
        multipartForm({}, [['files', `${code}.md`, file, 'text/markdown']]),
      )) as { status: string; reason: string | null }[];
      if (outcomes[0]?.status !== 'added') throw new Error(`import of ${code}: ${JSON.stringify(outcomes)}`);
      // The import answers with the book's address only: its id is in the list, most recently changed first.
      const recent = ZAdminBookPageSchema.parse(await call('GET', '/admin/books?perPage=100'));
      const id = recent.items.find((b) => b.code === code)!.id;
      made.push(id);
      return siteBookOf(ZAdminBookSchema.parse(await call('GET', `/admin/book/${id}`)));
    },

    async removeAll(): Promise<void> {
      for (const id of made.splice(0)) await call('DELETE', `/admin/book/${id}`);
    },
  };
}

/**
 * Talks made on a running site through its administration API, as an editor uploads them: each a
 * silent MP3 of `seconds` (its frames real, so the player loads and plays it) in a published
 * collection of the test's own, each with `transcript` as its timed transcript when given.
 * `removeAll()` deletes the talks with their files and turns the collection back into a draft
 * (there is no deleting a collection), so readers and the other browser tests no longer see it.
 */
export function siteTalks(baseURL: string, adminToken: string) {
  const collections: number[] = [];
  const talks: number[] = [];
  const call = adminApi(baseURL, adminToken);

  return {
    async publishedCollection(options: {
      title?: string;
      talks: string[];
      seconds?: number;
      transcript?: SiteTranscript;
    }): Promise<SiteTalkCollection> {
      const collection = ZAdminCollectionSchema.parse(
        await call('POST', '/admin/collections', {
          title: numbered(options.title ?? 'Tuyển tập thử'),
          status: 'published',
        }),
      );
      collections.push(collection.id);
      const mp3 = makeSilentMp3(Math.round((options.seconds ?? 20) / MP3_FRAME_SECONDS));
      const transcript = options.transcript && timedTranscript(options.transcript.lines, options.transcript);
      const made = [];
      for (const title of options.talks) {
        const form = multipartForm({ collectionId: String(collection.id), title, status: 'published' }, [
          ['file', 'bai-giang.mp3', mp3, 'audio/mpeg'],
          ...(transcript ? [['transcript', transcript.name, transcript.text] as FilePart] : []),
        ]);
        const talk = ZAdminTalkSchema.parse(await call('POST', '/admin/talks', form));
        talks.push(talk.id);
        made.push({ id: talk.id, title: talk.title, path: talk.path, transcriptUrl: talk.transcriptUrl });
      }
      return { id: collection.id, title: collection.title, path: collection.path, talks: made };
    },

    async removeAll(): Promise<void> {
      for (const id of talks.splice(0)) await call('DELETE', `/admin/talk/${id}`);
      for (const id of collections.splice(0)) await call('PUT', `/admin/collection/${id}`, { status: 'draft' });
    },
  };
}

export interface SiteVideo {
  id: number;
  slug: string;
  title: string;
  /** Its page: /videos?xem={slug}. */
  path: string;
}

/**
 * Videos made on a running site through its administration API, as an editor uploads them: a
 * published MP4 file (`realMp4`) under a title of the test's own, with `transcript`'s lines as its
 * timed subtitles. `removeAll()` deletes them with their files.
 */
export function siteVideos(baseURL: string, adminToken: string) {
  const made: number[] = [];
  const call = adminApi(baseURL, adminToken);

  return {
    async publishedVideo(options: { title?: string; transcript: SiteTranscript }): Promise<SiteVideo> {
      const transcript = timedTranscript(options.transcript.lines, options.transcript);
      const form = multipartForm({ kind: 'file', title: numbered(options.title ?? 'Video thử'), status: 'published' }, [
        ['file', 'video-thu.mp4', realMp4().bytes, 'video/mp4'],
        ['transcript', transcript.name, transcript.text],
      ]);
      const video = ZAdminVideoSchema.parse(await call('POST', '/admin/videos', form));
      made.push(video.id);
      return { id: video.id, slug: video.slug, title: video.title, path: video.path };
    },

    async removeAll(): Promise<void> {
      for (const id of made.splice(0)) await call('DELETE', `/admin/video/${id}`);
    },
  };
}

/** Plain sentences a long test chapter is written from (none is a demo book's). */
const SENTENCES = [
  'Người học đạo giữ giới như giữ viên ngọc sáng, không để rơi mất.',
  'Biết đủ thì dù nằm trên đất vẫn thấy an vui; không biết đủ thì ở cung điện vẫn chưa vừa ý.',
  'Tâm như con ngựa chạy, phải lấy chánh niệm làm dây cương mà giữ lại.',
  'Siêng năng như giọt nước mãi chảy, lâu ngày làm mòn được đá cứng.',
  'Lời nói dịu dàng thì người nghe dễ nhận, lời nói nóng nảy thì đẩy người ra xa.',
  'Chớ để ngày tháng trôi qua vô ích, vì thân người khó được.',
  'Ăn uống vừa đủ nuôi thân, như người uống thuốc để chữa bệnh.',
  'Ban ngày chuyên tâm tu tập, đầu hôm và cuối đêm cũng không bỏ phí.',
  'Giận dữ như lửa đốt rừng công đức, phải biết nhẫn nhục mà dập tắt.',
  'Người ít ham muốn thì không phải cầu cạnh ai, lòng thường thư thái.',
];

/**
 * A chapter of `paragraphs` Markdown paragraphs of plain Vietnamese, three sentences each (about 45
 * words, as a sutra's): long enough to scroll, to read aloud and to take minutes to read. Paragraph
 * N starts with sentence N of the list (round and round), so no two neighbours start alike.
 */
export function longChapterMarkdown(paragraphs: number): string {
  return Array.from({ length: paragraphs }, (_, i) =>
    Array.from({ length: 3 }, (_, j) => SENTENCES[(i + j) % SENTENCES.length]).join(' '),
  ).join('\n\n');
}

/**
 * A dictionary imported on a running site as an administrator imports one (a TSV file), under a
 * name with a new number; `remove()` (in `afterAll`) deletes it, so other files' look-ups are as before.
 */
export async function siteDictionary(
  baseURL: string,
  adminToken: string,
  options: { license: string; entries: TestDictionaryEntry[] },
): Promise<DictionarySummary & { remove(): Promise<void> }> {
  const call = adminApi(baseURL, adminToken);
  const content = dictionaryTsv(options.entries);
  const name = `Từ điển thử ${crypto.randomInt(1e6, 1e7)}`;
  const dictionary = ZDictionarySummarySchema.parse(
    await call('POST', '/admin/dictionaries', { name, license: options.license, format: 'tsv', content }),
  );
  return { ...dictionary, remove: async () => void (await call('DELETE', `/admin/dictionary/${dictionary.id}`)) };
}
