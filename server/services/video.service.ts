import type { Video, VideosPage, VideosQuery } from '#common/contracts/video.schema.ts';
import { containsEveryWord, toMatchForm } from '#common/text/match-form.ts';
import { AppError } from '#server/errors.ts';
import { parseTranscript, type TranscriptCue } from '#server/lib/webvtt.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { presentVideo } from '#server/presenters/video.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';

const VIDEO_NOT_FOUND = 'Không tìm thấy video này.';
/** How many other videos a video's page suggests. */
const MORE_VIDEOS = 6;

/** Videos: the list with its keyword filter, one video, its transcript. */
export function createVideoService(deps: { repos: Repositories; media: MediaStorage }) {
  const { repos } = deps;
  return {
    /**
     * Published videos, newest first; `keyword` keeps those whose title, speaker or description
     * holds every word, with or without diacritics ("thien tong" finds "Thiền tông").
     */
    async list(query: VideosQuery): Promise<VideosPage> {
      const rows = await repos.videos.listPublished();
      const keyword = query.keyword ? toMatchForm(query.keyword) : '';
      const matching = keyword
        ? rows.filter((row) =>
            containsEveryWord(toMatchForm([row.title, row.speaker, row.description].join(' ')), keyword),
          )
        : rows;
      const start = (query.page - 1) * query.per_page;
      return {
        items: matching.slice(start, start + query.per_page).map(presentVideo),
        total: matching.length,
        page: query.page,
        perPage: query.per_page,
      };
    },

    async findBySlug(slug: string): Promise<Video | null> {
      const row = await repos.videos.findPublishedBySlug(slug);
      return row ? presentVideo(row) : null;
    },

    async getBySlug(slug: string): Promise<Video> {
      const video = await this.findBySlug(slug);
      if (!video) throw new AppError('NOT_FOUND', VIDEO_NOT_FOUND);
      return video;
    },

    /** A video's page: the video, its transcript and a few others to watch next; null when there is none. */
    async findVideoPage(slug: string): Promise<{ video: Video; cues: TranscriptCue[]; more: Video[] } | null> {
      const row = await repos.videos.findPublishedBySlug(slug);
      if (!row) return null;
      const cues = await transcriptOf(row.transcript_file);
      const others = (await repos.videos.listPublished()).filter((r) => r.id !== row.id).slice(0, MORE_VIDEOS);
      return { video: presentVideo(row), cues, more: others.map(presentVideo) };
    },
  };

  async function transcriptOf(fileName: string | null): Promise<TranscriptCue[]> {
    if (!fileName || !(await deps.media.stat(fileName))) return [];
    return parseTranscript(await new Response(deps.media.read(fileName)).text());
  }
}

export type VideoService = ReturnType<typeof createVideoService>;
