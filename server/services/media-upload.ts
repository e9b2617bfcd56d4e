import { AppError } from '#server/errors.ts';
import { mendBrokenCues, parseTranscript, toWebVtt } from '#server/lib/webvtt.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { UploadedForm, UploadFormSpec } from '#server/media/uploaded-form.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { TranscriptSegment } from '#server/search/documents.ts';
import type { Transaction } from './service-context.ts';

/** What the talk and video administrations are made from. */
export interface MediaAdminDeps {
  repos: Repositories;
  transaction: Transaction;
  media: MediaStorage;
  uploadLimitMb: number;
  /** Called after every write that changed search passages (the search service's cache). */
  onIndexed?: () => void;
  now?: () => Date;
}

/** A transcript file (.vtt or .srt, UTF-8) as WebVTT, or a 400 saying why not. */
export function transcriptAsWebVtt(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Tệp lời phải là văn bản UTF-8 (.vtt hoặc .srt).', {
      transcript: 'Tệp lời phải là văn bản UTF-8.',
    });
  }
  const cues = parseTranscript(text.normalize('NFC'));
  if (cues.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Tệp lời (.vtt/.srt) không có dòng nào đọc được.', {
      transcript: 'Không có dòng lời nào đọc được.',
    });
  }
  return toWebVtt(mendBrokenCues(cues));
}

/** The timed lines of a stored transcript (WebVTT), for search passages; none when the file is gone. */
export async function storedTranscriptSegments(
  media: MediaStorage,
  transcriptFile: string | null,
): Promise<TranscriptSegment[]> {
  if (!transcriptFile || !(await media.stat(transcriptFile))) return [];
  const text = await new Response(media.read(transcriptFile)).text();
  return parseTranscript(text).map((c) => ({ startSeconds: c.startSeconds, text: c.text }));
}

/**
 * The steps every media upload of the administration takes the same way: the form's spec within
 * UPLOAD_MAX_MB, a transaction that re-indexes, and files removed again when what follows fails.
 */
export function createMediaUploads(deps: MediaAdminDeps) {
  const { media } = deps;
  const limitBytes = deps.uploadLimitMb * 1024 * 1024;
  const tooLargeMessage = `Tệp tải lên quá lớn (tối đa ${deps.uploadLimitMb} MB mỗi lần).`;

  async function removeFiles(names: readonly (string | null | undefined)[]): Promise<void> {
    for (const name of names) if (name) await media.remove(name);
  }

  return {
    now: () => (deps.now?.() ?? new Date()).toISOString(),

    /** The upload form a service takes: large files streamed to storage, small ones within their limits. */
    formSpec(storedFields: UploadFormSpec['storedFields'], smallFields: UploadFormSpec['smallFields']): UploadFormSpec {
      return { media, limitBytes, tooLargeMessage, storedFields, smallFields };
    },

    /** One transaction; the search cache is told afterwards, whether it committed or not. */
    async withIndex<T>(work: (r: Repositories) => Promise<T>): Promise<T> {
      try {
        return await deps.transaction(work);
      } finally {
        deps.onIndexed?.();
      }
    },

    removeFiles,

    /**
     * Runs `work` on a read form; when it throws, the form's stored files and those `work` wrote
     * (pushed on `written`) are removed, so a refused upload leaves no file behind.
     */
    async keepingNothingOnFailure<T>(form: UploadedForm, work: (written: string[]) => Promise<T>): Promise<T> {
      const written: string[] = [];
      try {
        return await work(written);
      } catch (error) {
        await form.discard();
        await removeFiles(written);
        throw error;
      }
    },

    /**
     * A file replaced: the new one written under a new name, the row pointed at it by `save`, and
     * only then the old one removed, so readers are served the old file until the row moves.
     */
    async replaceFile(next: { name: string; bytes: Buffer }, save: () => Promise<void>, old: string | null) {
      await media.write(next.name, next.bytes);
      try {
        await save();
      } catch (error) {
        await media.remove(next.name);
        throw error;
      }
      if (old) await media.remove(old);
    },
  };
}

export type MediaUploads = ReturnType<typeof createMediaUploads>;
