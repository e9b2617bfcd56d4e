import crypto from 'node:crypto';
import path from 'node:path';
import { AppError, isAppError } from '#server/errors.ts';
import { isImportRefusal } from '#server/import/import-error.ts';
import type { ZipLimits } from '#server/import/safe-zip.ts';
import type { Logger } from '#server/logger.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { AuditActor } from './audit.service.ts';
import { createBookImport } from './import-book.ts';
import { checkKind, isImportable, isTranscript, kindOfExtension, readImportFile } from './import-formats.ts';
import { createTalkImport } from './import-talk.ts';
import type { ImportInput, ImportOptions, ImportOutcome } from './import-types.ts';
import type { Transaction } from './service-context.ts';

export { IMPORTABLE_EXTENSIONS, TRANSCRIPT_EXTENSIONS } from './import-formats.ts';
export type { ImportInput, ImportOptions, ImportOutcome, ImportStatus } from './import-types.ts';

/** A file of the upload form, read only when its turn comes. */
export interface UploadedImportFile {
  name: string;
  bytes(): Promise<Buffer>;
}

/** What the upload form asks for (server/http/import-form.ts reads it from the request). */
export interface ImportUpload {
  files: UploadedImportFile[];
  dryRun: boolean;
  draft: boolean;
  /** The collection talks go into; none: "Pháp âm đã nhập". */
  collection: string | null;
}

function hashOf(input: ImportInput): string {
  const hash = crypto.createHash('sha256').update(input.bytes);
  if (input.transcript) hash.update('\0').update(input.transcript.text);
  return hash.digest('hex');
}

/**
 * The importer behind `npm run import` and the administration's upload form: books (EPUB, DOCX,
 * Markdown) and talks (MP3 with a WebVTT or SRT transcript). Each file is checked and read by the
 * reader of its format (import-formats.ts), then stored (import-book.ts, import-talk.ts) in one
 * transaction — a refused file leaves nothing behind. The same content twice is a no-op.
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
  const stores = { repos, transaction: deps.transaction, media: deps.media, now };
  const importBook = createBookImport(stores);
  const importTalk = createTalkImport(stores);

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
      const kind = kindOfExtension(extension);
      const failed = (reason: string): ImportOutcome => ({
        file: input.name,
        kind,
        status: 'failed',
        title: null,
        reason,
        path: null,
      });
      if (!isImportable(extension)) {
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
        const read = await readImportFile(input, deps.zipLimits);
        return read.kind === 'talk'
          ? await importTalk(input, read.talk, hash, options)
          : await importBook(input, read.book, hash, options);
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
     * The administration's upload form (and POST /admin/import), as server/http/import-form.ts
     * reads it: each MP3 with the .vtt or .srt of the same name, talks into the `collection` given.
     */
    async importUploads(upload: ImportUpload, actor: AuditActor): Promise<ImportOutcome[]> {
      const { files, collection } = upload;
      if (files.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'Hãy chọn ít nhất một tệp để nhập.', {
          files: 'Hãy chọn ít nhất một tệp.',
        });
      }
      const options: ImportOptions = { dryRun: upload.dryRun, draft: upload.draft, actor };
      const stemOf = (name: string) => path.basename(name, path.extname(name)).toLowerCase();
      const transcripts = new Map<string, UploadedImportFile>();
      for (const file of files) {
        if (isTranscript(path.extname(file.name).toLowerCase())) {
          transcripts.set(stemOf(file.name), file);
        }
      }
      const outcomes: ImportOutcome[] = [];
      for (const file of files) {
        const name = path.basename(file.name);
        const extension = path.extname(name).toLowerCase();
        if (isTranscript(extension)) {
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
              bytes: await file.bytes(),
              transcript: transcript
                ? { name: transcript.name, text: (await transcript.bytes()).toString('utf8') }
                : null,
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
