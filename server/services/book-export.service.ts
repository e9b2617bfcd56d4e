import crypto from 'node:crypto';
import sharp from 'sharp';
import { SITE_NAME } from '#common/constants.ts';
import { coverAtWidth } from '#common/covers.ts';
import { bookPath, chapterPath } from '#common/paths.ts';
import { containsEveryWord, toMatchForm } from '#common/text/match-form.ts';
import { AppError } from '#server/errors.ts';
import { renderGeneratedCover } from '#server/export/book-cover.ts';
import { renderEpub } from '#server/export/epub-book.ts';
import type { OpdsBook } from '#server/feeds/opds.ts';
import { uuidV5 } from '#server/feeds/uuid-v5.ts';
import type { Logger } from '#server/logger.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { Repositories } from '#server/repositories/index.ts';

export const EPUB_MESSAGES = { notFound: 'Không tìm thấy cuốn sách này.' } as const;

/** The namespace of the books' EPUB identifiers (a UUIDv5 of the book's address on the site). */
const BOOK_UUID_NAMESPACE = '6f1c1a57-3d39-5c1e-9d7b-6b1e4a5f0b21';
/** How many made EPUBs are kept in memory: the same book is downloaded again and again. */
const CACHE_ENTRIES = 8;
/** Drawn covers kept in memory (30–50 KB each): a catalog page shows up to OPDS_PAGE_SIZE of them. */
const DRAWN_COVER_ENTRIES = 100;

/** How many books an OPDS page lists. */
export const OPDS_PAGE_SIZE = 50;
const collator = new Intl.Collator('vi', { sensitivity: 'base', numeric: true });

/** A book's identifier in its EPUB and in the catalog: the UUIDv5 of its page's address. */
export function bookIdentifierOf(pageUrl: string): string {
  return `urn:uuid:${uuidV5(pageUrl, BOOK_UUID_NAMESPACE)}`;
}

export interface EpubFile {
  bytes: Uint8Array<ArrayBuffer>;
  fileName: string;
  /** Changes exactly when the book's text or details change. */
  etag: string;
}

/** The cover drawn for a book without one, as a JPEG. */
export interface DrawnCover {
  bytes: Buffer;
  etag: string;
}

/** Bytes of a stored media file, or null when it is gone. */
async function readMedia(media: MediaStorage, name: string): Promise<Buffer | null> {
  if (!(await media.stat(name))) return null;
  return Buffer.from(await new Response(media.read(name)).arrayBuffer());
}

/**
 * Books to take away: each published book as an EPUB 3 file made from its stored chapters (cover,
 * uploaded or drawn; contents; licence page). A book's file depends only on its rows and pictures, so the last few
 * made are kept, keyed by the book's last change.
 */
export function createBookExportService(deps: { repos: Repositories; media: MediaStorage; logger: Logger }) {
  const { repos, media, logger } = deps;
  const cache = new Map<string, EpubFile>();
  const drawnCovers = new Map<string, DrawnCover>();

  /** The cover drawn for a book (its code, title and original title), kept like the EPUBs. */
  async function drawnCoverFor(book: {
    code: string;
    title: string;
    title_original: string | null;
    updated_at: string;
  }) {
    const key = `${book.code}\n${book.updated_at}`;
    const cached = drawnCovers.get(key);
    if (cached) return cached;
    const bytes = await renderGeneratedCover({ code: book.code, title: book.title, subtitle: book.title_original });
    const cover = { bytes, etag: `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
    drawnCovers.set(key, cover);
    if (drawnCovers.size > DRAWN_COVER_ENTRIES) drawnCovers.delete(drawnCovers.keys().next().value!);
    return cover;
  }

  async function pictureOf(src: string): Promise<{ bytes: Uint8Array; type: 'image/jpeg' | 'image/png' } | null> {
    const bytes = src.startsWith('/media/') ? await readMedia(media, src.slice('/media/'.length)) : null;
    if (!bytes) return null;
    try {
      const image = sharp(bytes, { limitInputPixels: 60_000_000 });
      // EPUB 3.2's core picture types are JPEG, PNG, GIF and SVG; WebP is not among them.
      const { hasAlpha } = await image.metadata();
      return hasAlpha
        ? { bytes: await image.png().toBuffer(), type: 'image/png' }
        : { bytes: await image.jpeg({ quality: 85 }).toBuffer(), type: 'image/jpeg' };
    } catch (error) {
      logger.warn({ err: error, src }, 'a book picture could not be converted for its EPUB');
      return null;
    }
  }

  return {
    /**
     * A page of the OPDS catalog: the published books by title, or newest first, or those whose
     * title, credits and description hold every word of `query` (with or without diacritics).
     */
    async catalogPage(options: { order: 'title' | 'newest'; page: number; query?: string; origin: string }) {
      const rows = await repos.books.listForLibrary({ statuses: ['published'] });
      const words = options.query ? toMatchForm(options.query) : '';
      const matching = words
        ? rows.filter((r) =>
            containsEveryWord(
              toMatchForm([r.title, r.author, r.translator, r.description].filter(Boolean).join(' ')),
              words,
            ),
          )
        : rows;
      matching.sort((a, b) =>
        options.order === 'newest'
          ? b.published_at.localeCompare(a.published_at) || b.id - a.id
          : collator.compare(a.title, b.title),
      );
      const books: OpdsBook[] = matching
        .slice((options.page - 1) * OPDS_PAGE_SIZE, options.page * OPDS_PAGE_SIZE)
        .map((r) => ({
          code: r.code,
          id: bookIdentifierOf(`${options.origin}${bookPath(r.code)}`),
          title: r.title,
          author: r.author,
          translator: r.translator,
          description: r.description,
          category: r.category,
          language: r.language ?? 'vi',
          updated: r.updated_at,
          published: r.published_at,
          coverImage: r.cover_image,
          license: { spdx: r.license_spdx, name: r.license_name, url: r.license_url },
        }));
      const updated = rows.reduce((max, r) => (r.updated_at > max ? r.updated_at : max), '1970-01-01T00:00:00Z');
      return { books, total: matching.length, allBooks: rows.length, updated, perPage: OPDS_PAGE_SIZE };
    },

    /** The cover drawn for a published book (the OPDS catalog links it); NOT_FOUND for an unknown or unpublished book. */
    async drawnCoverOf(code: string): Promise<DrawnCover> {
      const book = await repos.books.findByCode(code);
      if (!book) throw new AppError('NOT_FOUND', EPUB_MESSAGES.notFound);
      return drawnCoverFor(book);
    },

    /** A published book as an EPUB file; NOT_FOUND for an unknown or unpublished book. */
    async epubOf(code: string, origin: string): Promise<EpubFile> {
      const book = await repos.books.findByCode(code);
      if (!book) throw new AppError('NOT_FOUND', EPUB_MESSAGES.notFound);
      const chapters = await repos.books.listChapters(book.id);
      const key = `${book.code}\n${book.updated_at}\n${chapters.length}\n${origin}`;
      const cached = cache.get(key);
      if (cached) return cached;

      const sources = new Set<string>();
      for (const chapter of chapters) {
        for (const match of chapter.body_html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)) sources.add(match[1]!);
      }
      const images = new Map<string, { bytes: Uint8Array; type: 'image/jpeg' | 'image/png' }>();
      for (const src of sources) {
        const picture = await pictureOf(src);
        if (picture) images.set(src, picture);
      }
      const coverSource = book.cover_image ? coverAtWidth(book.cover_image, 600) : null;
      const coverBytes = coverSource
        ? ((await readMedia(media, coverSource.replace(/^\/media\//, ''))) ??
          (await readMedia(media, book.cover_image!.replace(/^\/media\//, ''))))
        : null;
      // A book without a cover of its own gets the one the site draws for it: readers' apps show books by their covers.
      const cover = coverBytes
        ? await sharp(coverBytes).jpeg({ quality: 85 }).toBuffer()
        : (await drawnCoverFor(book)).bytes;

      const pageUrl = `${origin}${bookPath(book.code)}`;
      const bytes = renderEpub({
        identifier: bookIdentifierOf(pageUrl),
        title: book.title,
        author: book.author,
        translator: book.translator,
        description: book.description,
        language: book.language ?? 'vi',
        direction: book.text_direction,
        modified: book.updated_at,
        pageUrl,
        license: {
          spdx: book.license_spdx,
          name: book.license_name,
          url: book.license_url,
          attribution: book.license_attribution,
        },
        sourceUrl: book.source_url,
        publisher: SITE_NAME,
        cover,
        chapters: chapters.map((c) => ({ title: c.title, section: c.section, html: c.body_html })),
        images,
        origin,
        chapterPaths: new Map(chapters.map((c, i) => [chapterPath(c.code, book.code), i])),
      });
      const file = {
        bytes,
        fileName: `${book.code}.epub`,
        etag: `"${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`,
      };
      cache.set(key, file);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      return file;
    },
  };
}

export type BookExportService = ReturnType<typeof createBookExportService>;
