import crypto from 'node:crypto';
import path from 'node:path';
import { parseWebStream } from 'music-metadata';
import type { User } from '#common/contracts/auth.schema.ts';
import {
  TRANSCRIPT_MAX_BYTES,
  ZTalkUploadFieldsSchema,
  type AdminTalk,
  type TalkUpdate,
} from '#common/contracts/talk-admin.schema.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { AppError, invalidFields } from '#server/errors.ts';
import { titleOrNull } from '#server/import/imported-book.ts';
import { freeSlug, slugOf } from '#server/lib/slugs.ts';
import { parseTranscript } from '#server/lib/webvtt.ts';
import { scanMp3Stream } from '#server/media/media-checks.ts';
import type { UploadFormReader } from '#server/media/uploaded-form.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import { presentAdminTalk } from '#server/presenters/talk-admin.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { TalkRow } from '#server/repositories/talk.repository.ts';
import { auditActionForEdit, recordAudit } from './audit.service.ts';
import {
  createMediaUploads,
  storedTranscriptSegments,
  transcriptAsWebVtt,
  type MediaAdminDeps,
} from './media-upload.ts';
import { indexCollection, indexTalk } from './search-indexer.service.ts';
import { COLLECTION_NOT_FOUND, createTalkCollectionAdminService } from './talk-collection-admin.service.ts';

const TALK_NOT_FOUND = 'Không tìm thấy bài pháp âm này.';
const MP3_REFUSALS = {
  empty: 'Tệp MP3 rỗng (0 byte).',
  'not-mp3': 'Tệp này không phải âm thanh MP3.',
  broken: 'Tệp MP3 hỏng hoặc bị cắt cụt (khung âm thanh cuối không trọn vẹn).',
} as const;

/**
 * The administration of talks: an MP3 streamed to storage and checked frame by frame, a
 * transcript, edit, move, publish, delete — and the collections' own service
 * (talk-collection-admin.service.ts) under the same name. Each change is one transaction with its
 * search passages and its audit line. Upload forms are read by the route (`UploadFormReader`).
 */
export function createTalkAdminService(deps: MediaAdminDeps) {
  const { repos, media } = deps;
  const uploads = createMediaUploads(deps);
  const { now, withIndex } = uploads;
  const collections = createTalkCollectionAdminService(deps);

  async function requireTalk(r: Repositories, id: number): Promise<TalkRow> {
    const talk = await r.talks.findTalkById(id);
    if (!talk) throw new AppError('NOT_FOUND', TALK_NOT_FOUND);
    const { collection_title: _title, ...row } = talk;
    return row;
  }

  /** Reads the MP3 stored by an upload: every frame checked, then duration and tags. */
  async function readStoredMp3(name: string, size: number) {
    const scan = await scanMp3Stream(media.read(name));
    if (!scan.ok)
      throw new AppError('VALIDATION_FAILED', MP3_REFUSALS[scan.reason], { file: MP3_REFUSALS[scan.reason] });
    try {
      const { common, format } = await parseWebStream(
        media.read(name),
        { mimeType: 'audio/mpeg', size },
        { duration: true, skipCovers: true },
      );
      const year = common.date ?? (common.year ? String(common.year) : null);
      return {
        title: titleOrNull(common.title),
        speaker: titleOrNull(common.artist),
        album: titleOrNull(common.album),
        recordedOn: year && /^\d{4}(-\d{2}-\d{2})?$/.test(year) ? (year.length === 4 ? `${year}-01-01` : year) : null,
        duration: Math.max(1, Math.round(format.duration ?? scan.duration)),
      };
    } catch {
      throw new AppError('VALIDATION_FAILED', 'Không đọc được thông tin của tệp MP3.', {
        file: 'Tệp MP3 không đọc được.',
      });
    }
  }

  const service = {
    ...collections,
    uploadLimitMb: deps.uploadLimitMb,

    /**
     * POST /admin/talks: a multipart form with `file` (the MP3, streamed to storage), optional
     * `transcript` (.vtt or .srt), `collectionId`, `title`, `speaker`, `description`, `status`.
     * The title and speaker default to the file's tags; the duration is read from the file.
     */
    async uploadTalk(actor: User, readForm: UploadFormReader): Promise<AdminTalk> {
      requireAdmin(actor);
      const form = await readForm(
        uploads.formSpec({ file: () => `phap-am/${crypto.randomUUID()}.mp3` }, { transcript: TRANSCRIPT_MAX_BYTES }),
      );
      return uploads.keepingNothingOnFailure(form, async (written) => {
        const fields = ZTalkUploadFieldsSchema.safeParse(form.fields);
        if (!fields.success) throw invalidFields(fields.error.issues);
        const audio = form.stored.find((f) => f.field === 'file');
        if (!audio) {
          throw new AppError('VALIDATION_FAILED', 'Hãy chọn tệp MP3 của bài giảng.', { file: 'Hãy chọn tệp MP3.' });
        }
        const collection = await repos.talks.findCollectionById(fields.data.collectionId);
        if (!collection) {
          throw new AppError('VALIDATION_FAILED', COLLECTION_NOT_FOUND, { collectionId: COLLECTION_NOT_FOUND });
        }
        const tags = await readStoredMp3(audio.mediaName, audio.size);
        const transcript = form.small.find((f) => f.field === 'transcript' && f.bytes.length > 0);
        const vtt = transcript ? transcriptAsWebVtt(transcript.bytes) : null;
        const transcriptFile = vtt ? audio.mediaName.replace(/\.mp3$/, '.vtt') : null;
        if (vtt && transcriptFile) {
          await media.write(transcriptFile, Buffer.from(vtt, 'utf8'));
          written.push(transcriptFile);
        }
        const stem = path.basename(audio.fileName, path.extname(audio.fileName)).replace(/[_-]+/g, ' ');
        const title = fields.data.title ?? tags.title ?? titleOrNull(normalizeText(stem)) ?? 'Bài giảng';
        const at = now();
        const id = await withIndex(async (r) => {
          const slug = await freeSlug(
            `${collection.slug}-${slugOf(title)}`.slice(0, 150),
            async (s) => !!(await r.talks.findTalkIdBySlug(s)),
          );
          const id = await r.talks.insertTalk({
            collection_id: collection.id,
            slug,
            title,
            description: fields.data.description ?? null,
            speaker: fields.data.speaker ?? (tags.speaker ? normalizeText(tags.speaker) : null) ?? collection.speaker,
            file_name: audio.mediaName,
            mime_type: 'audio/mpeg',
            size_bytes: audio.size,
            duration_seconds: tags.duration,
            recorded_on: tags.recordedOn,
            transcript_file: transcriptFile,
            position: await r.talks.nextPosition(collection.id),
            status: fields.data.status,
            created_at: at,
            updated_at: at,
            license_spdx: null,
            license_name: null,
            license_url: null,
            license_attribution: null,
          });
          await indexTalk(
            r,
            id,
            vtt ? parseTranscript(vtt).map((c) => ({ startSeconds: c.startSeconds, text: c.text })) : [],
          );
          await indexCollection(r, collection.id);
          await recordAudit(r, actor, {
            action: 'upload',
            itemType: 'talk',
            itemId: id,
            label: title,
            detail: `Tệp ${audio.fileName} (${tags.duration} giây${vtt ? ', có lời' : ''}) vào tuyển tập ${collection.title}`,
          });
          return id;
        });
        return presentAdminTalk(await requireTalk(repos, id));
      });
    },

    async getTalk(actor: User, id: number): Promise<AdminTalk> {
      requireAdmin(actor);
      return presentAdminTalk(await requireTalk(repos, id));
    },

    async updateTalk(actor: User, id: number, input: TalkUpdate): Promise<AdminTalk> {
      requireAdmin(actor);
      await withIndex(async (r) => {
        const before = await requireTalk(r, id);
        const moving = input.collectionId !== undefined && input.collectionId !== before.collection_id;
        const target = moving ? await r.talks.findCollectionById(input.collectionId!) : null;
        if (moving && !target) {
          throw new AppError('VALIDATION_FAILED', COLLECTION_NOT_FOUND, { collectionId: COLLECTION_NOT_FOUND });
        }
        await r.talks.updateTalk(id, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.speaker !== undefined ? { speaker: input.speaker } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(target ? { collection_id: target.id, position: await r.talks.nextPosition(target.id) } : {}),
          updated_at: now(),
        });
        await indexTalk(r, id, await storedTranscriptSegments(media, before.transcript_file));
        await indexCollection(r, before.collection_id);
        if (target) await indexCollection(r, target.id);
        const changes = [
          moving ? `chuyển sang tuyển tập ${target!.title}` : null,
          input.title !== undefined && input.title !== before.title ? `tên cũ: ${before.title}` : null,
        ].filter(Boolean);
        await recordAudit(r, actor, {
          action: auditActionForEdit(before.status, input.status),
          itemType: 'talk',
          itemId: id,
          label: input.title ?? before.title,
          detail: changes.length > 0 ? changes.join('; ') : null,
        });
      });
      return service.getTalk(actor, id);
    },

    /** PUT /admin/talk/{id}/transcript: a multipart form with `transcript` (.vtt or .srt); SRT becomes WebVTT. */
    async replaceTranscript(actor: User, id: number, readForm: UploadFormReader): Promise<AdminTalk> {
      requireAdmin(actor);
      const before = await requireTalk(repos, id);
      const form = await readForm(uploads.formSpec({}, { transcript: TRANSCRIPT_MAX_BYTES }));
      const transcript = form.small.find((f) => f.field === 'transcript' && f.bytes.length > 0);
      if (!transcript) {
        throw new AppError('VALIDATION_FAILED', 'Hãy chọn tệp lời (.vtt hoặc .srt).', {
          transcript: 'Hãy chọn tệp lời.',
        });
      }
      const vtt = transcriptAsWebVtt(transcript.bytes);
      const fileName = `phap-am/${crypto.randomUUID()}.vtt`;
      await uploads.replaceFile(
        { name: fileName, bytes: Buffer.from(vtt, 'utf8') },
        () =>
          withIndex(async (r) => {
            await r.talks.updateTalk(id, { transcript_file: fileName, updated_at: now() });
            const segments = parseTranscript(vtt).map((c) => ({ startSeconds: c.startSeconds, text: c.text }));
            await indexTalk(r, id, segments);
            await recordAudit(r, actor, {
              action: 'upload',
              itemType: 'talk',
              itemId: id,
              label: before.title,
              detail: `Lời bài giảng từ tệp ${transcript.fileName} (${segments.length} dòng)`,
            });
          }),
        before.transcript_file,
      );
      return service.getTalk(actor, id);
    },

    /** Deletes a talk: its row and search passages in one transaction, then its files. */
    async deleteTalk(actor: User, id: number): Promise<{ id: number; deleted: true }> {
      requireAdmin(actor);
      const before = await withIndex(async (r) => {
        const before = await requireTalk(r, id);
        await r.talks.deleteTalk(id);
        await indexTalk(r, id);
        await indexCollection(r, before.collection_id);
        await recordAudit(r, actor, {
          action: 'delete',
          itemType: 'talk',
          itemId: id,
          label: before.title,
          detail: `Xoá cả tệp ${before.file_name}${before.transcript_file ? ' và tệp lời' : ''}`,
        });
        return before;
      });
      await uploads.removeFiles([before.file_name, before.transcript_file]);
      return { id, deleted: true };
    },
  };
  return service;
}

export type TalkAdminService = ReturnType<typeof createTalkAdminService>;
