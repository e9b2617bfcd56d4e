import crypto from 'node:crypto';
import path from 'node:path';
import { normalizeText } from '#common/text/vietnamese.ts';
import type { ContentStatus } from '#server/db/schema.ts';
import { AppError, isAppError } from '#server/errors.ts';
import { readDocx } from '#server/import/docx.ts';
import { readEpub } from '#server/import/epub.ts';
import { ImportRefusal, isImportRefusal } from '#server/import/import-error.ts';
import { parseHtml, textOf, type ImportedBook } from '#server/import/imported-book.ts';
import { readMarkdown } from '#server/import/markdown.ts';
import { readTalk, type ImportedTalk } from '#server/import/talk.ts';
import { keepSvgText, removeLeadingTitle } from '#server/import/chapter-html.ts';
import type { ZipLimits } from '#server/import/safe-zip.ts';
import { sanitizeArticleHtml } from '#server/lib/sanitize-html.ts';
import { slugOf } from '#server/lib/slugs.ts';
import { parseTranscript } from '#server/lib/webvtt.ts';
import type { Logger } from '#server/logger.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { prepareChapterImages, writeChapterImages, type StoredImage } from './chapter-images.ts';
import { removeCoverFiles, renderCoverVariants, writeCoverVariants } from './cover.service.ts';
import { recordAudit, type AuditActor } from './audit.service.ts';
import { indexBook, indexCollection, indexTalk } from './search-indexer.service.ts';
import type { Transaction } from './service-context.ts';

/** The files the importer reads; .vtt and .srt travel with the .mp3 of the same name. */
export const IMPORTABLE_EXTENSIONS = ['.epub', '.docx', '.md', '.mp3'] as const;
export const TRANSCRIPT_EXTENSIONS = ['.vtt', '.srt'] as const;

export type ImportStatus = 'added' | 'updated' | 'skipped' | 'failed';

export interface ImportOutcome {
  /** The file's name as given (relative to what was imported). */
  file: string;
  kind: 'book' | 'talk' | null;
  status: ImportStatus;
  title: string | null;
  /** Why it failed or was skipped; remarks about an import that went through (a cover left out). */
  reason: string | null;
  /** The page of what was imported (a book's /sach/{code}, a talk's collection). */
  path: string | null;
}

/** One file to import: its name (for its type, and titles when it has none), bytes, and for an MP3 its transcript and collection. */
export interface ImportInput {
  name: string;
  bytes: Buffer;
  transcript?: { name: string; text: string } | null;
  /** The collection of a talk (the folder it came from). */
  collection?: string | null;
}

export interface ImportOptions {
  /** Read and check everything, write nothing: the summary says what would happen. */
  dryRun?: boolean;
  /** New books and talks start unpublished. */
  draft?: boolean;
  /** Who imports, for the audit log (an admin of the upload form, or the command line). */
  actor?: AuditActor;
}

const LICENSE_WHEN_NONE = {
  spdx: 'LicenseRef-Permission',
  name: 'Đăng với sự cho phép của người giữ bản quyền',
  url: '',
  attribution: null,
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Bytes that are not what the file's name says are refused before any reader sees them. */
function checkKind(extension: string, bytes: Buffer): void {
  if (bytes.length === 0) throw new ImportRefusal('Tệp rỗng (0 byte).');
  if ((extension === '.epub' || extension === '.docx') && !bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    throw new ImportRefusal(`Tệp ${extension} này không phải gói ZIP: có lẽ là loại tệp khác bị đổi đuôi.`);
  }
  if (extension === '.md') {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ImportRefusal('Tệp .md này không phải văn bản UTF-8.');
    }
  }
}

function hashOf(input: ImportInput): string {
  const hash = crypto.createHash('sha256').update(input.bytes);
  if (input.transcript) hash.update('\0').update(input.transcript.text);
  return hash.digest('hex');
}

/**
 * The importer behind `npm run import` and the administration's upload form: books (EPUB, DOCX,
 * Markdown) and talks (MP3 with a WebVTT or SRT transcript). Each file is checked, read,
 * NFC-normalised and sanitised, then stored with its search passages and its import record in
 * one transaction — a refused file leaves nothing behind. The same content twice is a no-op. A
 * book is known by its identifier (decision 0023): a file with the identifier of a book it made
 * before updates that book, two books with one title both stay (the second code gets `-2`).
 */
export function createImportService(deps: {
  repos: Repositories;
  transaction: Transaction;
  media: MediaStorage;
  logger: Logger;
  onIndexed?: () => void;
  now?: () => Date;
  /** What an EPUB or DOCX may expand to (tests lower it). */
  zipLimits?: ZipLimits;
  /** The largest upload accepted (UPLOAD_MAX_MB). */
  uploadLimitMb?: number;
}) {
  const { repos } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();

  /** The book's code: the one asked for or made from the title, with `-2`, `-3`… when another book has it. */
  async function freeCodeFrom(wanted: string, chapterCount: number): Promise<string> {
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? wanted : `${wanted}-${n}`;
      if (!(await repos.books.isCodeInUse(candidate, chapterCount))) return candidate;
    }
    throw new ImportRefusal(`Đã có quá nhiều sách mang mã “${wanted}”: hãy đặt “code” khác.`);
  }

  async function importBook(
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
  }

  async function importTalk(
    input: ImportInput,
    parsed: ImportedTalk,
    hash: string,
    options: ImportOptions,
  ): Promise<ImportOutcome> {
    const collectionTitle = normalizeText(input.collection ?? '').trim() || 'Pháp âm đã nhập';
    const collectionSlug = slugOf(collectionTitle) || 'phap-am';
    const baseName = path.basename(input.name, path.extname(input.name));
    const talkSlug = slugOf(baseName) || slugOf(parsed.title) || 'bai-giang';
    const key = `talk:${collectionSlug}/${talkSlug}`;
    const record = await repos.imports.findByKey(key);
    const previous = record ? await repos.talks.findTalkById(record.item_id) : undefined;
    const title = normalizeText(parsed.title);
    const outcome: ImportOutcome = {
      file: input.name,
      kind: 'talk',
      status: record ? 'updated' : 'added',
      title,
      reason: null,
      path: null,
    };
    if (options.dryRun) return outcome;

    // New names for new content: the old files serve readers until the new rows are committed.
    const stem = `${collectionSlug}-${talkSlug}-${hash.slice(0, 8)}`.slice(0, 150);
    const fileName = `${stem}.mp3`;
    const transcriptFile = parsed.transcriptVtt ? `${stem}.vtt` : null;
    await deps.media.write(fileName, input.bytes);
    if (transcriptFile) await deps.media.write(transcriptFile, Buffer.from(parsed.transcriptVtt!, 'utf8'));
    const at = now();
    const status: ContentStatus = options.draft ? 'draft' : 'published';
    const talk = {
      title,
      speaker: parsed.speaker ? normalizeText(parsed.speaker) : null,
      file_name: fileName,
      mime_type: 'audio/mpeg',
      size_bytes: input.bytes.length,
      duration_seconds: parsed.duration,
      recorded_on: parsed.recordedOn,
      transcript_file: transcriptFile,
      updated_at: at,
    };
    const segments = parsed.transcriptVtt
      ? parseTranscript(parsed.transcriptVtt).map((c) => ({ startSeconds: c.startSeconds, text: c.text }))
      : [];
    try {
      const collectionId = await deps.transaction(async (r) => {
        const collection = await r.talks.findCollectionBySlug(collectionSlug);
        const collectionId =
          collection?.id ??
          (await r.talks.insertCollection({
            slug: collectionSlug,
            title: collectionTitle,
            description: null,
            speaker: talk.speaker,
            cover_image: null,
            position: await r.talks.nextPosition(null),
            status,
            created_at: at,
            updated_at: at,
          }));
        let talkId: number;
        if (record && previous) {
          talkId = previous.id;
          await r.talks.updateTalk(talkId, talk);
          await r.imports.updateHash(record.id, hash, input.name, at);
        } else {
          // Talk slugs are unique across collections: the collection's slug comes first.
          const slug = `${collectionSlug}-${talkSlug}`.slice(0, 160);
          if (await r.talks.findTalkIdBySlug(slug)) {
            throw new ImportRefusal(`Đã có bài pháp âm mã “${slug}” không do công cụ nhập tạo ra: hãy đổi tên tệp.`);
          }
          talkId = await r.talks.insertTalk({
            ...talk,
            collection_id: collectionId,
            slug,
            description: parsed.album ? normalizeText(parsed.album) : null,
            position: await r.talks.nextPosition(collectionId),
            status,
            created_at: at,
            license_spdx: null,
            license_name: null,
            license_url: null,
            license_attribution: null,
          });
          if (record) await r.imports.updateHash(record.id, hash, input.name, at);
          else {
            await r.imports.insert({
              source_key: key,
              content_hash: hash,
              kind: 'talk',
              item_id: talkId,
              file_name: input.name,
              created_at: at,
              updated_at: at,
            });
          }
        }
        await indexTalk(r, talkId, segments);
        await indexCollection(r, collectionId);
        if (options.actor) {
          await recordAudit(r, options.actor, {
            action: 'import',
            itemType: 'talk',
            itemId: talkId,
            label: title,
            detail: `${record ? 'Cập nhật' : 'Thêm'} từ tệp ${input.name} (tuyển tập ${collectionTitle})`,
          });
        }
        return collectionId;
      });
      outcome.path = `/phap-am/${collectionId}`;
    } catch (error) {
      await deps.media.remove(fileName);
      if (transcriptFile) await deps.media.remove(transcriptFile);
      throw error;
    }
    if (previous) {
      await deps.media.remove(previous.file_name);
      if (previous.transcript_file) await deps.media.remove(previous.transcript_file);
    }
    return outcome;
  }

  const uploadLimitMb = deps.uploadLimitMb ?? 500;
  const api = {
    uploadLimitMb,

    /** Refuses an upload larger than UPLOAD_MAX_MB before its body is read. */
    checkUploadSize(contentLength: string | null | undefined): void {
      if (Number(contentLength ?? 0) > uploadLimitMb * 1024 * 1024) {
        throw new AppError('PAYLOAD_TOO_LARGE', `Tệp tải lên quá lớn (tối đa ${uploadLimitMb} MB mỗi lần).`);
      }
    },

    /** Imports one file; never throws for a bad file — its outcome says why it failed. */
    async importOne(input: ImportInput, options: ImportOptions = {}): Promise<ImportOutcome> {
      const extension = path.extname(input.name).toLowerCase();
      const fallbackTitle = path.basename(input.name, path.extname(input.name)).replace(/[_-]+/g, ' ');
      const kind = extension === '.mp3' ? 'talk' : 'book';
      const failed = (reason: string): ImportOutcome => ({
        file: input.name,
        kind,
        status: 'failed',
        title: null,
        reason,
        path: null,
      });
      if (!(IMPORTABLE_EXTENSIONS as readonly string[]).includes(extension)) {
        return failed(`Không nhập được loại tệp “${extension || 'không đuôi'}” (chỉ .epub, .docx, .md, .mp3).`);
      }
      try {
        checkKind(extension, input.bytes);
        const hash = hashOf(input);
        const seen = await repos.imports.findByHash(hash);
        if (seen) {
          return {
            file: input.name,
            kind: seen.kind,
            status: 'skipped',
            title: null,
            reason: 'Nội dung này đã được nhập trước đây, không có gì thay đổi.',
            path: null,
          };
        }
        if (kind === 'talk') {
          const talk = await readTalk(input.bytes, fallbackTitle, input.transcript?.text ?? null);
          return await importTalk(input, talk, hash, options);
        }
        const book =
          extension === '.epub'
            ? await readEpub(input.bytes, deps.zipLimits)
            : extension === '.docx'
              ? await readDocx(input.bytes, fallbackTitle, deps.zipLimits)
              : readMarkdown(input.bytes.toString('utf8'), fallbackTitle);
        return await importBook(input, book, hash, options);
      } catch (error) {
        if (isImportRefusal(error)) return failed(error.message);
        if (isAppError(error)) return failed(error.message);
        deps.logger.error({ err: error, file: input.name }, 'import failed');
        return failed('Lỗi không lường trước khi nhập tệp này; chi tiết ở nhật ký máy chủ.');
      } finally {
        if (!options.dryRun) deps.onIndexed?.();
      }
    },

    /**
     * The administration's upload form (and POST /admin/import): the files of one form, each MP3
     * with the .vtt or .srt of the same name, talks into the `collection` given.
     */
    async importUploads(form: FormData, actor: AuditActor): Promise<ImportOutcome[]> {
      const files = form.getAll('files').filter((f): f is File => typeof f !== 'string' && f.size >= 0 && !!f.name);
      if (files.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'Hãy chọn ít nhất một tệp để nhập.', {
          files: 'Hãy chọn ít nhất một tệp.',
        });
      }
      const options: ImportOptions = {
        dryRun: form.get('dryRun') === 'true',
        draft: form.get('draft') === 'true',
        actor,
      };
      const collection =
        String(form.get('collection') ?? '')
          .trim()
          .slice(0, 200) || null;
      const stemOf = (name: string) => path.basename(name, path.extname(name)).toLowerCase();
      const transcripts = new Map<string, File>();
      for (const file of files) {
        if ((TRANSCRIPT_EXTENSIONS as readonly string[]).includes(path.extname(file.name).toLowerCase())) {
          transcripts.set(stemOf(file.name), file);
        }
      }
      const outcomes: ImportOutcome[] = [];
      for (const file of files) {
        const name = path.basename(file.name);
        const extension = path.extname(name).toLowerCase();
        if ((TRANSCRIPT_EXTENSIONS as readonly string[]).includes(extension)) {
          const paired = files.some(
            (f) => path.extname(f.name).toLowerCase() === '.mp3' && stemOf(f.name) === stemOf(name),
          );
          if (!paired) {
            outcomes.push({
              file: name,
              kind: 'talk',
              status: 'failed',
              title: null,
              reason: 'Tệp lời này không đi kèm tệp MP3 nào cùng tên.',
              path: null,
            });
          }
          continue;
        }
        const transcript = extension === '.mp3' ? transcripts.get(stemOf(name)) : undefined;
        outcomes.push(
          await api.importOne(
            {
              name,
              bytes: Buffer.from(await file.arrayBuffer()),
              transcript: transcript ? { name: transcript.name, text: await transcript.text() } : null,
              collection,
            },
            options,
          ),
        );
      }
      return outcomes;
    },
  };
  return api;
}

export type ImportService = ReturnType<typeof createImportService>;
