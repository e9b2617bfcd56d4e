import path from 'node:path';
import { normalizeText } from '#common/text/vietnamese.ts';
import type { ContentStatus } from '#server/db/schema.ts';
import { ImportRefusal } from '#server/import/import-error.ts';
import type { ImportedTalk } from '#server/import/talk.ts';
import { slugOf } from '#server/lib/slugs.ts';
import { parseTranscript } from '#server/lib/webvtt.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { Transaction } from './service-context.ts';
import { recordAudit } from './audit.service.ts';
import type { ImportInput, ImportOptions, ImportOutcome } from './import-types.ts';
import { indexCollection, indexTalk } from './search-indexer.service.ts';

/**
 * Stores a talk read from an MP3 (and its transcript) in the collection of its folder: the audio
 * and transcript files under new names, the rows, search passages and import record in one
 * transaction; the old files go once the new rows are committed.
 */
export function createTalkImport(deps: {
  repos: Repositories;
  transaction: Transaction;
  media: MediaStorage;
  now: () => string;
}) {
  const { repos, now } = deps;

  return async function importTalk(
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
  };
}
