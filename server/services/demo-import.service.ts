import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { normalizeText } from '#common/text/vietnamese.ts';
import { corpusArticleRow, corpusBookRows } from '#server/lib/corpus-rows.ts';
import { parseTranscript } from '#server/lib/webvtt.ts';
import type { Logger } from '#server/logger.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { prepareArticleRow } from './article.service.ts';
import { storedTranscriptSegments } from './media-upload.ts';
import { indexArticle, indexBook, indexCollection, indexTalk, indexVideo } from './search-indexer.service.ts';
import type { Transaction } from './service-context.ts';

/** The corpus format of data/demo (see its README). Checked, so a bad file fails loudly. */
const ZCorpusDocument = z.object({
  id: z.string(),
  type: z.enum(['book', 'article']),
  title: z.string(),
  title_original: z.string().nullish(),
  title_sino_vietnamese: z.string().nullish(),
  author: z.string(),
  translator: z.string().nullish(),
  compiler: z.string().optional(),
  category: z.string().optional(),
  source: z.object({ repository: z.string(), path: z.string(), commit: z.string(), url: z.string().optional() }),
  license: z.object({
    spdx: z.string(),
    name: z.string(),
    url: z.string(),
    note: z.string().optional(),
    attribution: z.string().optional(),
  }),
  chapters: z.array(
    z.object({
      index: z.number().int(),
      title: z.string().nullable(),
      title_original: z.string().optional(),
      paragraphs: z.array(z.string()),
      parallel: z.object({ 'zh-Hant': z.array(z.string()) }).optional(),
      section: z.string().optional(),
    }),
  ),
});
type CorpusDocument = z.infer<typeof ZCorpusDocument>;

const ZQuote = z.object({
  id: z.string(),
  topic: z.string().nullable(),
  pali: z.string().optional(),
  sino_vietnamese: z.string().optional(),
  'zh-Hant': z.string().optional(),
  source: z.object({ repository: z.string(), path: z.string(), commit: z.string() }),
  license: z.string(),
});

const ZCategories = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string(), description: z.string() })),
  articles: z.record(z.string(), z.string()),
  titles: z.record(z.string(), z.string()).default({}),
  /** When each article is shown as published (the source has no dates: data/demo/README.md). */
  publishedAt: z.record(z.string(), z.iso.datetime()).default({}),
});

const ZTalks = z.object({
  collections: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      description: z.string(),
      speaker: z.string(),
      talks: z.array(
        z.object({
          slug: z.string(),
          title: z.string(),
          description: z.string(),
          speaker: z.string(),
          fileName: z.string().regex(/^[a-z0-9-]+\.mp3$/),
          transcript: z.string().regex(/^[a-z0-9-]+\.vtt$/),
          durationSeconds: z.number().int().positive(),
          recordedOn: z.string(),
          license: z.object({ spdx: z.string(), name: z.string(), url: z.string(), attribution: z.string() }),
        }),
      ),
    }),
  ),
});

const ZVideos = z.object({
  videos: z.array(
    z.object({
      slug: z.string().regex(/^[a-z0-9-]+$/),
      title: z.string(),
      description: z.string(),
      speaker: z.string(),
      fileName: z.string().regex(/^[a-z0-9-]+\.mp4$/),
      thumbnail: z.string().regex(/^[a-z0-9-]+\.jpg$/),
      transcript: z.string().regex(/^[a-z0-9-]+\.vtt$/),
      durationSeconds: z.number().int().positive(),
      publishedAt: z.iso.datetime(),
      license: z.object({ spdx: z.string(), name: z.string(), url: z.string(), attribution: z.string() }),
    }),
  ),
});

const ZCompilations = z.object({
  compilations: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      introduction: z.string(),
      items: z.array(
        z.object({
          type: z.enum(['book', 'talk', 'video', 'article']),
          /** Book code, or talk, article or video slug. */
          key: z.string(),
          note: z.string().optional(),
        }),
      ),
    }),
  ),
});

const DEMO_IMPORTED_KEY = 'demo_imported_at';
// Talks came after the first demo content: a library that imported it already gets them once too.
const DEMO_TALKS_IMPORTED_KEY = 'demo_talks_imported_at';
// Compilations came later still; they point at the demo books, talks and articles.
const DEMO_COMPILATIONS_IMPORTED_KEY = 'demo_compilations_imported_at';
const DEMO_VIDEOS_IMPORTED_KEY = 'demo_videos_imported_at';

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** "knt-kinh-kim-cang" → "kinh-kim-cang": the book code used in URLs. */
function bookCodeOf(doc: CorpusDocument): string {
  return doc.id.replace(/^knt-/, '');
}

/** "viwiki-chua-mot-cot" → "chua-mot-cot": the article slug used in URLs. */
function articleSlugOf(doc: CorpusDocument): string {
  return doc.id.replace(/^viwiki-/, '');
}

export interface DemoTalksResult {
  imported: boolean;
  collections: number;
  talks: number;
}

export interface DemoVideosResult {
  imported: boolean;
  videos: number;
}

export interface DemoCompilationsResult {
  imported: boolean;
  compilations: number;
  items: number;
}

export interface DemoImportResult {
  imported: boolean;
  books: number;
  chapters: number;
  articles: number;
  quotes: number;
}

/**
 * Imports data/demo on the first start: all books with their chapters, the quotes, and the
 * articles with their categories — in one transaction with their search passages, so a failure
 * leaves nothing behind.
 */
export function createDemoImportService(deps: {
  demoDir: string;
  logger: Logger;
  transaction: Transaction;
  now?: () => Date;
  /** Called once the imported content is searchable (the search service forgets cached answers). */
  onIndexed?: () => void;
  /** Where the talks' audio and transcripts are copied (served at /media/{fileName}). */
  media: MediaStorage;
}) {
  const now = () => (deps.now ? deps.now() : new Date()).toISOString();

  return {
    /**
     * Writes the plain Vietnamese meaning of each demo quote (data/demo/quote-meanings.json, ours)
     * where it is missing or has changed; a library imported before the meanings existed gets
     * them too. Returns how many quotes changed.
     */
    async fillQuoteMeanings(): Promise<number> {
      const file = path.join(deps.demoDir, 'quote-meanings.json');
      if (!fs.existsSync(file)) return 0;
      const meanings = z.record(z.string(), z.string().min(1)).parse(readJson(file));
      return deps.transaction(async (repos) => {
        let changed = 0;
        for (const [code, meaning] of Object.entries(meanings)) {
          if (await repos.quotes.setMeaning(code, normalizeText(meaning))) changed++;
        }
        return changed;
      });
    },

    /**
     * Imports the demo videos (data/demo/videos.json): self-hosted MP4s with their poster and
     * WebVTT transcript copied to the media storage, indexed for search — once.
     */
    async importVideosOnce(): Promise<DemoVideosResult> {
      const result: DemoVideosResult = { imported: false, videos: 0 };
      const file = path.join(deps.demoDir, 'videos.json');
      if (!fs.existsSync(file)) return result;
      const plan = ZVideos.parse(readJson(file));
      const videoDir = path.join(deps.demoDir, 'videos');
      for (const video of plan.videos) {
        for (const name of [video.fileName, video.thumbnail, video.transcript]) {
          if (!(await deps.media.stat(name))) await deps.media.write(name, fs.readFileSync(path.join(videoDir, name)));
        }
      }
      return deps
        .transaction(async (repos) => {
          if (await repos.meta.get(DEMO_VIDEOS_IMPORTED_KEY)) return result;
          const at = now();
          for (const video of plan.videos) {
            const videoId = await repos.videos.insert({
              slug: video.slug,
              title: normalizeText(video.title),
              description: normalizeText(video.description),
              speaker: video.speaker,
              provider: 'file',
              youtube_id: null,
              file_name: video.fileName,
              thumbnail_file: video.thumbnail,
              transcript_file: video.transcript,
              duration_seconds: video.durationSeconds,
              status: 'published',
              published_at: video.publishedAt,
              created_at: at,
              updated_at: at,
              license_spdx: video.license.spdx,
              license_name: video.license.name,
              license_url: video.license.url,
              license_attribution: video.license.attribution,
            });
            await indexVideo(repos, videoId, (file) => storedTranscriptSegments(deps.media, file));
            result.videos++;
          }
          await repos.meta.set(DEMO_VIDEOS_IMPORTED_KEY, at);
          result.imported = true;
          deps.logger.info({ ...result }, 'demo videos imported');
          return result;
        })
        .finally(() => deps.onIndexed?.());
    },

    /**
     * Imports the demo talks (data/demo/talks.json): collections, talks, their MP3 and WebVTT
     * copied to the media storage, and the transcripts indexed for search — once.
     */
    async importTalksOnce(): Promise<DemoTalksResult> {
      const result: DemoTalksResult = { imported: false, collections: 0, talks: 0 };
      const file = path.join(deps.demoDir, 'talks.json');
      if (!fs.existsSync(file)) return result;
      const plan = ZTalks.parse(readJson(file));
      const talkDir = path.join(deps.demoDir, 'talks');
      // Files first (copying twice is harmless); rows and index in one transaction.
      for (const talk of plan.collections.flatMap((c) => c.talks)) {
        for (const name of [talk.fileName, talk.transcript]) {
          if (!(await deps.media.stat(name))) await deps.media.write(name, fs.readFileSync(path.join(talkDir, name)));
        }
      }
      return deps
        .transaction(async (repos) => {
          if (await repos.meta.get(DEMO_TALKS_IMPORTED_KEY)) return result;
          const at = now();
          for (const [i, collection] of plan.collections.entries()) {
            const collectionId = await repos.talks.insertCollection({
              slug: collection.slug,
              title: normalizeText(collection.title),
              description: normalizeText(collection.description),
              speaker: collection.speaker,
              cover_image: null,
              position: i + 1,
              status: 'published',
              created_at: at,
              updated_at: at,
            });
            for (const [k, talk] of collection.talks.entries()) {
              const transcript = fs.readFileSync(path.join(talkDir, talk.transcript), 'utf8');
              const talkId = await repos.talks.insertTalk({
                collection_id: collectionId,
                slug: talk.slug,
                title: normalizeText(talk.title),
                description: normalizeText(talk.description),
                speaker: talk.speaker,
                file_name: talk.fileName,
                mime_type: 'audio/mpeg',
                size_bytes: fs.statSync(path.join(talkDir, talk.fileName)).size,
                duration_seconds: talk.durationSeconds,
                recorded_on: talk.recordedOn,
                transcript_file: talk.transcript,
                position: k + 1,
                status: 'published',
                created_at: at,
                updated_at: at,
                license_spdx: talk.license.spdx,
                license_name: talk.license.name,
                license_url: talk.license.url,
                license_attribution: talk.license.attribution,
              });
              const segments = parseTranscript(transcript).map((c) => ({ startSeconds: c.startSeconds, text: c.text }));
              await indexTalk(repos, talkId, segments);
              result.talks++;
            }
            await indexCollection(repos, collectionId);
            result.collections++;
          }
          await repos.meta.set(DEMO_TALKS_IMPORTED_KEY, at);
          result.imported = true;
          deps.logger.info({ ...result }, 'demo talks imported');
          return result;
        })
        .finally(() => deps.onIndexed?.());
    },

    /**
     * Seeds the demo compilations (data/demo/compilations.json) once, after the books, talks and
     * articles they point at: an item whose content is missing (a video not imported) is skipped,
     * and a compilation whose slug exists already is left as the editors made it.
     */
    async importCompilationsOnce(): Promise<DemoCompilationsResult> {
      const result: DemoCompilationsResult = { imported: false, compilations: 0, items: 0 };
      const file = path.join(deps.demoDir, 'compilations.json');
      if (!fs.existsSync(file)) return result;
      const plan = ZCompilations.parse(readJson(file));
      return deps.transaction(async (repos) => {
        if (await repos.meta.get(DEMO_COMPILATIONS_IMPORTED_KEY)) return result;
        const at = now();
        for (const [i, compilation] of plan.compilations.entries()) {
          if (await repos.compilations.findBySlug(compilation.slug)) continue;
          const compilationId = await repos.compilations.insert({
            slug: compilation.slug,
            title: normalizeText(compilation.title),
            introduction: normalizeText(compilation.introduction),
            cover_image: null,
            position: i + 1,
            status: 'published',
            created_at: at,
            updated_at: at,
          });
          let position = 0;
          for (const item of compilation.items) {
            const id = (await repos.compilations.findIdsByKeys(item.type, [item.key])).get(item.key);
            if (id === undefined) continue;
            await repos.compilations.insertItem({
              compilation_id: compilationId,
              item_type: item.type,
              item_id: id,
              position: ++position,
              note: item.note ? normalizeText(item.note) : null,
            });
            result.items++;
          }
          result.compilations++;
        }
        await repos.meta.set(DEMO_COMPILATIONS_IMPORTED_KEY, at);
        result.imported = true;
        deps.logger.info({ ...result }, 'demo compilations imported');
        return result;
      });
    },

    async importOnce(): Promise<DemoImportResult> {
      const result: DemoImportResult = { imported: false, books: 0, chapters: 0, articles: 0, quotes: 0 };
      return deps
        .transaction(async (repos) => {
          if (await repos.meta.get(DEMO_IMPORTED_KEY)) return result;
          const at = now();

          const bookDir = path.join(deps.demoDir, 'books');
          for (const file of fs
            .readdirSync(bookDir)
            .filter((f) => f.endsWith('.json'))
            .sort()) {
            const doc = ZCorpusDocument.parse(readJson(path.join(bookDir, file)));
            const code = bookCodeOf(doc);
            const rows = corpusBookRows(doc, code, at);
            const bookId = await repos.books.insertWithChapters(rows.book, rows.chapters);
            await indexBook(repos, bookId);
            result.books++;
            result.chapters += doc.chapters.length;
          }

          const quotes = z.array(ZQuote).parse(readJson(path.join(deps.demoDir, 'quotes.json')));
          await repos.quotes.insertMany(
            quotes.map((q) => ({
              code: q.id,
              topic: q.topic,
              pali: q.pali ?? null,
              sino_vietnamese: q.sino_vietnamese ? normalizeText(q.sino_vietnamese) : null,
              chinese: q['zh-Hant'] ?? null,
              meaning: null, // fillQuoteMeanings() adds them, here and in libraries imported before
              license: q.license,
              source_repository: q.source.repository,
              source_path: q.source.path,
            })),
          );
          result.quotes = quotes.length;

          const plan = ZCategories.parse(readJson(path.join(deps.demoDir, 'categories.json')));
          const categoryIds = new Map<string, number>();
          for (const [i, category] of plan.categories.entries()) {
            categoryIds.set(category.slug, await repos.articles.insertCategory({ ...category, position: i + 1 }));
          }
          const articleDir = path.join(deps.demoDir, 'articles');
          for (const [id, categorySlug] of Object.entries(plan.articles)) {
            const doc = ZCorpusDocument.parse(readJson(path.join(articleDir, `${id}.json`)));
            const articleId = await repos.articles.insert(
              prepareArticleRow(
                corpusArticleRow(doc, {
                  slug: articleSlugOf(doc),
                  title: plan.titles[id] ?? doc.title,
                  categoryId: categoryIds.get(categorySlug) ?? null,
                  at,
                  publishedAt: plan.publishedAt[id] ?? at,
                }),
              ),
            );
            await indexArticle(repos, articleId);
            result.articles++;
          }

          await repos.meta.set(DEMO_IMPORTED_KEY, at);
          result.imported = true;
          deps.logger.info({ ...result }, 'demo content imported');
          return result;
        })
        .finally(() => deps.onIndexed?.());
    },
  };
}

export type DemoImportService = ReturnType<typeof createDemoImportService>;
