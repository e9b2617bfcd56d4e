import { YOUTUBE_EMBED_ORIGIN, type Video } from '#common/contracts/video.schema.ts';
import { videoPath } from '#common/paths.ts';
import type { VideoRow } from '#server/repositories/video.repository.ts';

const media = (fileName: string | null) => (fileName ? `/media/${fileName}` : null);

export function presentVideo(row: VideoRow): Video {
  const youtube = row.provider === 'youtube' && row.youtube_id ? row.youtube_id : null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    speaker: row.speaker,
    provider: row.provider,
    youtubeId: youtube,
    embedUrl: youtube ? `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(youtube)}` : null,
    fileName: row.provider === 'file' ? row.file_name : null,
    url: row.provider === 'file' ? media(row.file_name) : null,
    thumbnailUrl: media(row.thumbnail_file),
    duration: row.duration_seconds,
    publishedAt: row.published_at,
    transcriptUrl: media(row.transcript_file),
    path: videoPath(row.slug),
    license:
      row.license_spdx && row.license_name && row.license_url
        ? { spdx: row.license_spdx, name: row.license_name, url: row.license_url, attribution: row.license_attribution }
        : null,
  };
}
