import crypto from 'node:crypto';
import { parseWebStream } from 'music-metadata';
import sharp from 'sharp';
import type { User } from '#common/contracts/auth.schema.ts';
import { TRANSCRIPT_MAX_BYTES } from '#common/contracts/talk-admin.schema.ts';
import {
  POSTER_MAX_BYTES,
  ZVideoCreateFieldsSchema,
  type AdminVideo,
  type AdminVideosPage,
  type VideoUpdate,
} from '#common/contracts/video-admin.schema.ts';
import { AppError, invalidFields } from '#server/errors.ts';
import { freeSlug, slugOf } from '#server/lib/slugs.ts';
import { isMp4Head } from '#server/media/media-checks.ts';
import type { SmallUpload, UploadFormReader } from '#server/media/uploaded-form.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import { mediaStatusOf } from '#server/presenters/talk-admin.presenter.ts';
import { presentVideo } from '#server/presenters/video.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { VideoRow } from '#server/repositories/video.repository.ts';
import { auditActionForEdit, recordAudit } from './audit.service.ts';
import {
  createMediaUploads,
  storedTranscriptSegments,
  transcriptAsWebVtt,
  type MediaAdminDeps,
} from './media-upload.ts';
import { indexVideo } from './search-indexer.service.ts';

const VIDEO_NOT_FOUND = 'Không tìm thấy video này.';
const NOT_MP4 = 'Tệp này không phải video MP4 (không có hộp “ftyp” ở đầu tệp).';

function presentAdminVideo(row: VideoRow): AdminVideo {
  return {
    ...presentVideo(row),
    status: mediaStatusOf(row.status),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A poster as we serve it: turned upright, at most 1280×720, JPEG; a 400 when it is no image. */
async function renderPoster(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize({ width: 1280, height: 720, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Ảnh bìa không đọc được: hãy chọn tệp JPEG, PNG hoặc WebP.', {
      poster: 'Ảnh bìa không đọc được.',
    });
  }
}

/**
 * The administration of videos: a YouTube item by its address (the id extracted and checked; its
 * poster uploaded here and served by us, so the page never asks YouTube before the reader plays),
 * or an MP4 streamed to storage and checked by its `ftyp` box. Each change is one transaction
 * with its search passages and its audit line.
 */
export function createVideoAdminService(deps: MediaAdminDeps) {
  const { repos, media } = deps;
  const readTranscript = (file: string) => storedTranscriptSegments(media, file);
  const uploads = createMediaUploads(deps);
  const { now, withIndex, removeFiles } = uploads;

  async function requireVideo(r: Repositories, id: number): Promise<VideoRow> {
    const video = await r.videos.findById(id);
    if (!video) throw new AppError('NOT_FOUND', VIDEO_NOT_FOUND);
    return video;
  }

  /** The stored MP4's length in seconds (from its `mvhd` box), or null when it cannot be read. */
  async function durationOf(name: string, size: number): Promise<number | null> {
    try {
      const { format } = await parseWebStream(media.read(name), { mimeType: 'video/mp4', size }, { skipCovers: true });
      return format.duration ? Math.max(1, Math.round(format.duration)) : null;
    } catch {
      return null;
    }
  }

  function posterName(): string {
    return `video/${crypto.randomUUID()}-poster.jpg`;
  }

  async function writePoster(upload: SmallUpload | undefined, written: string[]): Promise<string | null> {
    if (!upload || upload.bytes.length === 0) return null;
    const name = posterName();
    await media.write(name, await renderPoster(upload.bytes));
    written.push(name);
    return name;
  }

  const service = {
    async list(actor: User): Promise<AdminVideosPage> {
      requireAdmin(actor);
      const items = (await repos.videos.listAll()).map(presentAdminVideo);
      return { items, total: items.length, page: 1, perPage: Math.max(1, items.length) };
    },

    async get(actor: User, id: number): Promise<AdminVideo> {
      requireAdmin(actor);
      return presentAdminVideo(await requireVideo(repos, id));
    },

    /**
     * POST /admin/videos (multipart): `kind` "youtube" with `url`, or "file" with `file` (an MP4,
     * streamed to storage) and an optional `transcript`; `title`, `description`, `speaker`,
     * `status`, and an optional `poster` image for both.
     */
    async create(actor: User, readForm: UploadFormReader): Promise<AdminVideo> {
      requireAdmin(actor);
      const form = await readForm(
        uploads.formSpec(
          { file: () => `video/${crypto.randomUUID()}.mp4` },
          { poster: POSTER_MAX_BYTES, transcript: TRANSCRIPT_MAX_BYTES },
        ),
      );
      return uploads.keepingNothingOnFailure(form, async (written) => {
        const fields = ZVideoCreateFieldsSchema.safeParse(form.fields);
        if (!fields.success) throw invalidFields(fields.error.issues);
        const input = fields.data;
        const upload = form.stored.find((f) => f.field === 'file');
        const transcript = form.small.find((f) => f.field === 'transcript' && f.bytes.length > 0);
        let duration: number | null = null;
        let transcriptFile: string | null = null;
        if (input.kind === 'youtube') {
          if (upload || transcript) {
            throw new AppError('VALIDATION_FAILED', 'Mục YouTube không kèm tệp video hay tệp lời.', {
              file: 'Mục YouTube không kèm tệp.',
            });
          }
        } else {
          if (!upload || upload.size === 0) {
            throw new AppError('VALIDATION_FAILED', 'Hãy chọn tệp video MP4.', { file: 'Hãy chọn tệp MP4.' });
          }
          const head = new Uint8Array(
            await new Response(media.read(upload.mediaName, { start: 0, end: 11 })).arrayBuffer(),
          );
          if (!isMp4Head(head)) throw new AppError('VALIDATION_FAILED', NOT_MP4, { file: NOT_MP4 });
          duration = await durationOf(upload.mediaName, upload.size);
          if (transcript) {
            transcriptFile = upload.mediaName.replace(/\.mp4$/, '.vtt');
            await media.write(transcriptFile, Buffer.from(transcriptAsWebVtt(transcript.bytes), 'utf8'));
            written.push(transcriptFile);
          }
        }
        const posterFile = await writePoster(
          form.small.find((f) => f.field === 'poster'),
          written,
        );
        const at = now();
        const id = await withIndex(async (r) => {
          const slug = await freeSlug(slugOf(input.title), async (s) => !!(await r.videos.findIdBySlug(s)));
          const id = await r.videos.insert({
            slug,
            title: input.title,
            description: input.description ?? null,
            speaker: input.speaker ?? null,
            provider: input.kind,
            youtube_id: input.kind === 'youtube' ? input.url : null,
            file_name: upload?.mediaName ?? null,
            duration_seconds: duration,
            status: input.status,
            published_at: at,
            created_at: at,
            updated_at: at,
            thumbnail_file: posterFile,
            transcript_file: transcriptFile,
            license_spdx: null,
            license_name: null,
            license_url: null,
            license_attribution: null,
          });
          await indexVideo(r, id, readTranscript);
          await recordAudit(r, actor, {
            action: input.kind === 'youtube' ? 'create' : 'upload',
            itemType: 'video',
            itemId: id,
            label: input.title,
            detail:
              input.kind === 'youtube'
                ? `YouTube ${input.url}${posterFile ? ', có ảnh bìa' : ''}`
                : `Tệp ${upload!.fileName}${duration ? ` (${duration} giây)` : ''}`,
          });
          return id;
        });
        return presentAdminVideo(await requireVideo(repos, id));
      });
    },

    async update(actor: User, id: number, input: VideoUpdate): Promise<AdminVideo> {
      requireAdmin(actor);
      await withIndex(async (r) => {
        const before = await requireVideo(r, id);
        if (input.url !== undefined && before.provider !== 'youtube') {
          throw new AppError('VALIDATION_FAILED', 'Chỉ mục YouTube mới có địa chỉ YouTube để sửa.', {
            url: 'Video này là tệp tải lên, không có địa chỉ YouTube.',
          });
        }
        const publishing = input.status === 'published' && before.status !== 'published';
        const at = now();
        await r.videos.update(id, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.speaker !== undefined ? { speaker: input.speaker } : {}),
          ...(input.url !== undefined ? { youtube_id: input.url } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          // Published now: it comes first in the list, newest first.
          ...(publishing ? { published_at: at } : {}),
          updated_at: at,
        });
        await indexVideo(r, id, readTranscript);
        await recordAudit(r, actor, {
          action: auditActionForEdit(before.status, input.status),
          itemType: 'video',
          itemId: id,
          label: input.title ?? before.title,
          detail: input.url !== undefined && input.url !== before.youtube_id ? `YouTube ${input.url}` : null,
        });
      });
      return service.get(actor, id);
    },

    /** PUT /admin/video/{id}/poster (multipart `poster`): a new poster, served by us. */
    async setPoster(actor: User, id: number, readForm: UploadFormReader): Promise<AdminVideo> {
      requireAdmin(actor);
      const before = await requireVideo(repos, id);
      const form = await readForm(uploads.formSpec({}, { poster: POSTER_MAX_BYTES }));
      const upload = form.small.find((f) => f.field === 'poster' && f.bytes.length > 0);
      if (!upload) throw new AppError('VALIDATION_FAILED', 'Hãy chọn ảnh bìa.', { poster: 'Hãy chọn ảnh bìa.' });
      const posterFile = posterName();
      await uploads.replaceFile(
        { name: posterFile, bytes: await renderPoster(upload.bytes) },
        () =>
          deps.transaction(async (r) => {
            await r.videos.update(id, { thumbnail_file: posterFile, updated_at: now() });
            await recordAudit(r, actor, {
              action: 'upload',
              itemType: 'video',
              itemId: id,
              label: before.title,
              detail: `Ảnh bìa từ tệp ${upload.fileName}`,
            });
          }),
        before.thumbnail_file,
      );
      return service.get(actor, id);
    },

    /** Deletes a video: its row and search passages in one transaction, then its files. */
    async delete(actor: User, id: number): Promise<{ id: number; deleted: true }> {
      requireAdmin(actor);
      const before = await withIndex(async (r) => {
        const before = await requireVideo(r, id);
        await r.videos.delete(id);
        await indexVideo(r, id, readTranscript);
        await recordAudit(r, actor, {
          action: 'delete',
          itemType: 'video',
          itemId: id,
          label: before.title,
          detail: before.provider === 'youtube' ? `YouTube ${before.youtube_id}` : `Xoá cả tệp ${before.file_name}`,
        });
        return before;
      });
      await removeFiles([before.file_name, before.thumbnail_file, before.transcript_file]);
      return { id, deleted: true };
    },
  };
  return service;
}

export type VideoAdminService = ReturnType<typeof createVideoAdminService>;
