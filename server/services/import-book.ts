import { normalizeText } from '#common/text/vietnamese.ts';
import type { ContentStatus } from '#server/db/schema.ts';
import { keepSvgText, removeLeadingTitle } from '#server/import/chapter-html.ts';
import { ImportRefusal } from '#server/import/import-error.ts';
import { parseHtml, textOf, type ImportedBook } from '#server/import/imported-book.ts';
import { sanitizeArticleHtml } from '#server/lib/sanitize-html.ts';
import { slugOf } from '#server/lib/slugs.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { Transaction } from './service-context.ts';
import { recordAudit } from './audit.service.ts';
import { prepareChapterImages, writeChapterImages, type StoredImage } from './chapter-images.ts';
import { removeCoverFiles, renderCoverVariants, writeCoverVariants } from './cover.service.ts';
import type { ImportInput, ImportOptions, ImportOutcome } from './import-types.ts';
import { indexBook } from './search-indexer.service.ts';

const LICENSE_WHEN_NONE = {
  spdx: 'LicenseRef-Permission',
  name: 'Đăng với sự cho phép của người giữ bản quyền',
  url: '',
  attribution: null,
};

/**
 * Stores a book a reader of its format found (import-formats.ts): sanitised and NFC-normalised
 * chapters, its pictures and cover, its search passages and its import record, in one transaction.
 * A book is known by its identifier (decision 0023): a file with the identifier of a book it made
 * before updates that book, two books with one title both stay (the second code gets `-2`).
 */
export function createBookImport(deps: {
  repos: Repositories;
  transaction: Transaction;
  media: MediaStorage;
  now: () => string;
}) {
  const { repos, now } = deps;

  /** The book's code: the one asked for or made from the title, with `-2`, `-3`… when another book has it. */
  async function freeCodeFrom(wanted: string, chapterCount: number): Promise<string> {
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? wanted : `${wanted}-${n}`;
      if (!(await repos.books.isCodeInUse(candidate, chapterCount))) return candidate;
    }
    throw new ImportRefusal(`Đã có quá nhiều sách mang mã “${wanted}”: hãy đặt “code” khác.`);
  }

  return async function importBook(
    input: ImportInput,
    parsed: ImportedBook,
    hash: string,
    options: ImportOptions,
  ): Promise<ImportOutcome> {
    const title = normalizeText(parsed.title).trim();
    if (!title) throw new ImportRefusal('Không tìm thấy tên sách (trong tệp cũng như tên tệp).');
    // A book is what its file says it is (decision 0023): never its title.
    const stated = parsed.identifier ? normalizeText(parsed.identifier).trim().slice(0, 300) : '';
    const identifier = stated || `sha256:${hash}`;
    const key = `book-id:${identifier}`;
    const existing = await repos.books.findBySourceIdentifier(identifier);
    const record = existing ? await repos.imports.findByKey(key) : undefined;
    const remarks: string[] = [];
    const at = now();
    const imageCache = new Map<string, StoredImage | null>();
    const imageFiles: StoredImage[] = [];
    let unreadableImages = 0;
    const prepared: { title: string | null; html: string }[] = [];
    for (const chapter of parsed.chapters) {
      const chapterTitle = chapter.title ? normalizeText(chapter.title) : null;
      const images = await prepareChapterImages(
        keepSvgText(removeLeadingTitle(chapter.html, chapterTitle)),
        parsed.images,
        imageCache,
      );
      imageFiles.push(...images.files);
      unreadableImages += images.unreadable;
      prepared.push({ title: chapterTitle, html: sanitizeArticleHtml(images.html).normalize('NFC') });
    }
    const kept = prepared.filter((chapter) => textOf(parseHtml(chapter.html)) !== '');
    if (kept.length === 0) throw new ImportRefusal('Sau khi làm sạch, sách không còn chương nào có chữ.');
    let code: string;
    if (existing) {
      code = existing.code;
      if (stated) remarks.push(`bản mới của sách mã định danh “${stated}” đã có: cập nhật sách ấy`);
    } else {
      const wanted = parsed.code ?? slugOf(title);
      if (!wanted) throw new ImportRefusal('Không tạo được mã sách từ tên sách.');
      code = await freeCodeFrom(wanted, kept.length);
      if (code !== wanted) remarks.push(`đã có một sách khác mang mã “${wanted}” nên sách này mang mã “${code}”`);
    }
    const chapters = kept.map((chapter, i) => ({
      code: `${code}-${i + 1}`,
      position: i + 1,
      title: chapter.title,
      title_original: null,
      section: null,
      body_html: chapter.html,
      parallel_html: null,
      created_at: at,
      updated_at: at,
    }));
    if (unreadableImages > 0) remarks.push(`${unreadableImages} ảnh trong chương không đọc được nên chỉ giữ lời mô tả`);

    let cover = null;
    if (parsed.cover) {
      try {
        cover = await renderCoverVariants(parsed.cover);
      } catch {
        remarks.push('ảnh bìa trong tệp không đọc được nên bỏ qua');
      }
    }
    const outcome: ImportOutcome = {
      file: input.name,
      kind: 'book',
      status: existing ? 'updated' : 'added',
      title,
      reason: remarks.length > 0 ? remarks.join('; ') : null,
      path: `/sach/${code}`,
    };
    if (options.dryRun) return outcome;

    await writeChapterImages(deps.media, imageFiles);
    const coverImage = cover ? await writeCoverVariants(deps.media, code, cover) : null;
    const license = parsed.license ?? LICENSE_WHEN_NONE;
    const book = {
      title,
      author: parsed.author ? normalizeText(parsed.author) : null,
      translator: parsed.translator ? normalizeText(parsed.translator) : null,
      description: parsed.description ? normalizeText(parsed.description) : null,
      category: parsed.category ? normalizeText(parsed.category) : null,
      license_spdx: license.spdx,
      license_name: normalizeText(license.name),
      license_url: license.url,
      license_attribution: license.attribution ? normalizeText(license.attribution) : null,
      source_url: parsed.sourceUrl,
      language: parsed.language,
      text_direction: parsed.direction,
      updated_at: at,
    };
    try {
      await deps.transaction(async (r) => {
        let bookId: number;
        if (existing) {
          bookId = existing.id;
          await r.books.replaceWithChapters(
            bookId,
            { ...book, ...(coverImage ? { cover_image: coverImage } : {}) },
            chapters,
          );
        } else {
          bookId = await r.books.insertWithChapters(
            {
              ...book,
              code,
              source_identifier: identifier,
              title_original: null,
              title_sino_vietnamese: null,
              compiler: null,
              cover_image: coverImage,
              status: (options.draft ? 'draft' : 'published') as ContentStatus,
              license_note: null,
              created_at: at,
              published_at: at,
            },
            chapters,
          );
        }
        if (record) await r.imports.updateHash(record.id, hash, input.name, at);
        else {
          await r.imports.insert({
            source_key: key,
            content_hash: hash,
            kind: 'book',
            item_id: bookId,
            file_name: input.name,
            created_at: at,
            updated_at: at,
          });
        }
        await indexBook(r, bookId);
        if (options.actor) {
          await recordAudit(r, options.actor, {
            action: 'import',
            itemType: 'book',
            itemId: bookId,
            label: title,
            detail: `${existing ? 'Cập nhật' : 'Thêm'} từ tệp ${input.name}`,
          });
        }
      });
    } catch (error) {
      if (coverImage) await removeCoverFiles(deps.media, coverImage);
      throw error;
    }
    if (coverImage && existing?.cover_image) await removeCoverFiles(deps.media, existing.cover_image);
    return outcome;
  };
}
