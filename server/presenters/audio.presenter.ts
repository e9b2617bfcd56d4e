import type { AudioCollection, Talk } from '#common/contracts/audio.schema.ts';
import type { Bookmark } from '#common/contracts/bookmark.schema.ts';
import type { Playlist, PlaylistItem } from '#common/contracts/playlist.schema.ts';
import type { BookmarkRow } from '#server/repositories/bookmark.repository.ts';
import type { PlaylistItemRow, PlaylistRow } from '#server/repositories/playlist.repository.ts';
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

export function presentBookmark(row: BookmarkRow): Bookmark {
  return { id: row.id, audioId: row.talk_id, time: row.time_ms / 1000, label: row.label, createdAt: row.created_at };
}

export function presentPlaylist(row: PlaylistRow): Playlist {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    itemCount: row.item_count,
    totalSeconds: row.total_seconds,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentPlaylistItem(row: PlaylistItemRow): PlaylistItem {
  return { id: row.id, position: row.position, talk: presentTalk(row.talk) };
}
