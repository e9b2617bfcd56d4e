import type { AudioCollection, Talk } from '#common/contracts/audio.schema.ts';
import type { CollectionListRow, TalkRow } from '#server/repositories/talk.repository.ts';

export function presentAudioCollection(row: CollectionListRow): AudioCollection {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    speaker: row.speaker,
    coverImage: row.cover_image,
    talkCount: row.talk_count,
    totalSeconds: row.total_seconds,
  };
}

export function presentTalk(row: TalkRow): Talk {
  return {
    id: row.id,
    slug: row.slug,
    collectionId: row.collection_id,
    title: row.title,
    description: row.description,
    speaker: row.speaker,
    fileName: row.file_name,
    url: `/media/${row.file_name}`,
    mimeType: row.mime_type,
    sizeBytes: row.size_bytes,
    duration: row.duration_seconds,
    recordedOn: row.recorded_on,
    transcriptUrl: row.transcript_file ? `/media/${row.transcript_file}` : null,
    license:
      row.license_spdx && row.license_name && row.license_url
        ? { spdx: row.license_spdx, name: row.license_name, url: row.license_url, attribution: row.license_attribution }
        : null,
  };
}
