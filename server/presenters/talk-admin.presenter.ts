import type { AdminCollection, AdminTalk, MediaStatus } from '#common/contracts/talk-admin.schema.ts';
import { collectionPath, talkPath } from '#common/paths.ts';
import type { CollectionRow, TalkRow } from '#server/repositories/talk.repository.ts';

/** Rows keep a `pending` state for moderated content; talks and videos are only published or drafts. */
export const mediaStatusOf = (status: string): MediaStatus => (status === 'published' ? 'published' : 'draft');

export function presentAdminTalk(row: TalkRow): AdminTalk {
  return {
    id: row.id,
    collectionId: row.collection_id,
    slug: row.slug,
    title: row.title,
    speaker: row.speaker,
    description: row.description,
    fileName: row.file_name,
    url: `/media/${row.file_name}`,
    sizeBytes: row.size_bytes,
    duration: row.duration_seconds,
    recordedOn: row.recorded_on,
    transcriptUrl: row.transcript_file ? `/media/${row.transcript_file}` : null,
    position: row.position,
    status: mediaStatusOf(row.status),
    path: talkPath(row.collection_id, row.id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentAdminCollection(row: CollectionRow, talks: readonly TalkRow[]): AdminCollection {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    speaker: row.speaker,
    position: row.position,
    status: mediaStatusOf(row.status),
    path: collectionPath(row.id),
    talks: talks.map(presentAdminTalk),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
