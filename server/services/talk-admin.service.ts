import crypto from 'node:crypto';
import path from 'node:path';
import { parseWebStream } from 'music-metadata';
import type { User } from '#common/contracts/auth.schema.ts';
import {
  TRANSCRIPT_MAX_BYTES,
  ZTalkUploadFieldsSchema,
  type AdminCollection,
  type AdminCollectionsPage,
  type AdminTalk,
  type CollectionInput,
  type CollectionUpdate,
  type TalkUpdate,
} from '#common/contracts/talk-admin.schema.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { AppError, invalidFields } from '#server/errors.ts';
import { titleOrNull } from '#server/import/imported-book.ts';
import { readStreamedForm, type StreamedForm } from '#server/lib/streamed-form.ts';
import { mendBrokenCues, parseTranscript, toWebVtt } from '#server/lib/webvtt.ts';
import { scanMp3Stream } from '#server/media/media-checks.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { presentAdminCollection, presentAdminTalk } from '#server/presenters/talk-admin.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { TalkRow } from '#server/repositories/talk.repository.ts';
import type { TranscriptSegment } from '#server/search/documents.ts';
import { auditActionForEdit, recordAudit } from './audit.service.ts';
import { freeSlug, slugOf } from '#server/lib/slugs.ts';
import type { Transaction } from './service-context.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import { indexCollection, indexTalk } from './search-indexer.service.ts';

const COLLECTION_NOT_FOUND = 'Không tìm thấy tuyển tập pháp âm này.';
const TALK_NOT_FOUND = 'Không tìm thấy bài pháp âm này.';
const MP3_REFUSALS = {
  empty: 'Tệp MP3 rỗng (0 byte).',
  'not-mp3': 'Tệp này không phải âm thanh MP3.',
  broken: 'Tệp MP3 hỏng hoặc bị cắt cụt (khung âm thanh cuối không trọn vẹn).',
} as const;

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

/**
 * The administration of talks: collections (create, edit, order, publish) and talks (an MP3
 * streamed to storage and checked frame by frame, a transcript, edit, move, publish, delete).
 * Each change is one transaction with its search passages and its audit line.
 */
export function createTalkAdminService(deps: {
  repos: Repositories;
  transaction: Transaction;
  media: MediaStorage;
  uploadLimitMb: number;
  onIndexed?: () => void;
  now?: () => Date;
}) {
  const { repos, media } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  const limitBytes = deps.uploadLimitMb * 1024 * 1024;
  const tooLargeMessage = `Tệp tải lên quá lớn (tối đa ${deps.uploadLimitMb} MB mỗi lần).`;

  /** The timed lines of a talk's stored transcript, for its search passages. */
  async function segmentsOf(talk: Pick<TalkRow, 'transcript_file'>): Promise<TranscriptSegment[]> {
    if (!talk.transcript_file || !(await media.stat(talk.transcript_file))) return [];
    const text = await new Response(media.read(talk.transcript_file)).text();
    return parseTranscript(text).map((c) => ({ startSeconds: c.startSeconds, text: c.text }));
  }

  async function requireCollection(r: Repositories, id: number) {
    const collection = await r.talks.findCollectionById(id);
    if (!collection) throw new AppError('NOT_FOUND', COLLECTION_NOT_FOUND);
    return collection;
  }

  async function requireTalk(r: Repositories, id: number): Promise<TalkRow> {
    const talk = await r.talks.findTalkById(id);
    if (!talk) throw new AppError('NOT_FOUND', TALK_NOT_FOUND);
    const { collection_title: _title, ...row } = talk;
    return row;
  }

  /** Re-indexes every talk of a collection (its state decides whether they can be found). */
  async function indexCollectionWithTalks(r: Repositories, collectionId: number): Promise<void> {
    await indexCollection(r, collectionId);
    for (const talk of await r.talks.listTalksOfCollections([collectionId])) {
      await indexTalk(r, talk.id, await segmentsOf(talk));
    }
  }

  async function withIndex<T>(work: (r: Repositories) => Promise<T>): Promise<T> {
    try {
      return await deps.transaction(work);
    } finally {
      deps.onIndexed?.();
    }
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

  return {
    uploadLimitMb: deps.uploadLimitMb,

    async listCollections(actor: User): Promise<AdminCollectionsPage> {
      requireAdmin(actor);
      const collections = await repos.talks.listAllCollections();
      const talks = await repos.talks.listTalksOfCollections(collections.map((c) => c.id));
      const items = collections.map((c) =>
        presentAdminCollection(
          c,
          talks.filter((t) => t.collection_id === c.id),
        ),
      );
      return { items, total: items.length, page: 1, perPage: Math.max(1, items.length) };
    },

    async getCollection(actor: User, id: number): Promise<AdminCollection> {
      requireAdmin(actor);
      const collection = await requireCollection(repos, id);
      return presentAdminCollection(collection, await repos.talks.listTalksOfCollections([id]));
    },

    async createCollection(actor: User, input: CollectionInput): Promise<AdminCollection> {
      requireAdmin(actor);
      const at = now();
      const id = await withIndex(async (r) => {
        const slug = await freeSlug(slugOf(input.title), async (s) => !!(await r.talks.findCollectionBySlug(s)));
        const id = await r.talks.insertCollection({
          slug,
          title: input.title,
          description: input.description ?? null,
          speaker: input.speaker ?? null,
          cover_image: null,
          position: await r.talks.nextPosition(null),
          status: input.status,
          created_at: at,
          updated_at: at,
        });
        await indexCollection(r, id);
        await recordAudit(r, actor, {
          action: 'create',
          itemType: 'collection',
          itemId: id,
          label: input.title,
          detail: input.status === 'published' ? 'Xuất bản ngay' : 'Bản nháp',
        });
        return id;
      });
      return this.getCollection(actor, id);
    },

    async updateCollection(actor: User, id: number, input: CollectionUpdate): Promise<AdminCollection> {
      requireAdmin(actor);
      await withIndex(async (r) => {
        const before = await requireCollection(r, id);
        await r.talks.updateCollection(id, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.speaker !== undefined ? { speaker: input.speaker } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          updated_at: now(),
        });
        await indexCollectionWithTalks(r, id);
        await recordAudit(r, actor, {
          action: auditActionForEdit(before.status, input.status),
          itemType: 'collection',
          itemId: id,
          label: input.title ?? before.title,
        });
      });
      return this.getCollection(actor, id);
    },

    /** Puts every collection in the order of `ids` (all of them, each once). */
    async orderCollections(actor: User, ids: number[]): Promise<AdminCollectionsPage> {
      requireAdmin(actor);
      await deps.transaction(async (r) => {
        const existing = (await r.talks.listAllCollections()).map((c) => c.id);
        if (ids.length !== existing.length || !existing.every((id) => ids.includes(id))) {
          throw new AppError('VALIDATION_FAILED', 'Hãy gửi đủ mọi tuyển tập, mỗi tuyển tập một lần.', {
            ids: 'Danh sách phải gồm đủ mọi tuyển tập.',
          });
        }
        await r.talks.setCollectionPositions(ids, now());
        await recordAudit(r, actor, {
          action: 'reorder',
          itemType: 'collection',
          itemId: null,
          label: 'Thứ tự các tuyển tập pháp âm',
        });
      });
      return this.listCollections(actor);
    },

    /** Puts the talks of one collection in the order of `ids` (all of them, each once). */
    async orderTalks(actor: User, collectionId: number, ids: number[]): Promise<AdminCollection> {
      requireAdmin(actor);
      await deps.transaction(async (r) => {
        const collection = await requireCollection(r, collectionId);
        const existing = (await r.talks.listTalksOfCollections([collectionId])).map((t) => t.id);
        if (ids.length !== existing.length || !existing.every((id) => ids.includes(id))) {
          throw new AppError('VALIDATION_FAILED', 'Hãy gửi đủ mọi bài của tuyển tập, mỗi bài một lần.', {
            ids: 'Danh sách phải gồm đủ mọi bài của tuyển tập.',
          });
        }
        await r.talks.setTalkPositions(collectionId, ids, now());
        await recordAudit(r, actor, {
          action: 'reorder',
          itemType: 'collection',
          itemId: collectionId,
          label: collection.title,
          detail: 'Thứ tự các bài',
        });
      });
      return this.getCollection(actor, collectionId);
    },

    /**
     * POST /admin/talks: a multipart form with `file` (the MP3, streamed to storage), optional
     * `transcript` (.vtt or .srt), `collectionId`, `title`, `speaker`, `description`, `status`.
     * The title and speaker default to the file's tags; the duration is read from the file.
     */
    async uploadTalk(actor: User, request: Request): Promise<AdminTalk> {
      requireAdmin(actor);
      const form = await readStreamedForm(request, {
        media,
        limitBytes,
        tooLargeMessage,
        storedFields: { file: () => `phap-am/${crypto.randomUUID()}.mp3` },
        smallFields: { transcript: TRANSCRIPT_MAX_BYTES },
      });
      let transcriptFile: string | null = null;
      try {
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
        if (vtt) {
          transcriptFile = audio.mediaName.replace(/\.mp3$/, '.vtt');
          await media.write(transcriptFile, Buffer.from(vtt, 'utf8'));
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
      } catch (error) {
        await discardUpload(form, transcriptFile);
        throw error;
      }
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
        await indexTalk(r, id, await segmentsOf(before));
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
      return this.getTalk(actor, id);
    },

    /** PUT /admin/talk/{id}/transcript: a multipart form with `transcript` (.vtt or .srt); SRT becomes WebVTT. */
    async replaceTranscript(actor: User, id: number, request: Request): Promise<AdminTalk> {
      requireAdmin(actor);
      const before = await requireTalk(repos, id);
      const form = await readStreamedForm(request, {
        media,
        limitBytes,
        tooLargeMessage,
        storedFields: {},
        smallFields: { transcript: TRANSCRIPT_MAX_BYTES },
      });
      const transcript = form.small.find((f) => f.field === 'transcript' && f.bytes.length > 0);
      if (!transcript) {
        throw new AppError('VALIDATION_FAILED', 'Hãy chọn tệp lời (.vtt hoặc .srt).', {
          transcript: 'Hãy chọn tệp lời.',
        });
      }
      const vtt = transcriptAsWebVtt(transcript.bytes);
      // A new name: the old file serves readers until the row points at the new one.
      const fileName = `phap-am/${crypto.randomUUID()}.vtt`;
      await media.write(fileName, Buffer.from(vtt, 'utf8'));
      try {
        await withIndex(async (r) => {
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
        });
      } catch (error) {
        await media.remove(fileName);
        throw error;
      }
      if (before.transcript_file) await media.remove(before.transcript_file);
      return this.getTalk(actor, id);
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
      await media.remove(before.file_name);
      if (before.transcript_file) await media.remove(before.transcript_file);
      return { id, deleted: true };
    },
  };

  async function discardUpload(form: StreamedForm, transcriptFile: string | null): Promise<void> {
    await form.discard();
    if (transcriptFile) await media.remove(transcriptFile);
  }
}

export type TalkAdminService = ReturnType<typeof createTalkAdminService>;
