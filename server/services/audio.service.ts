import {
  CLIP_MESSAGES,
  type AudioCollection,
  type AudioCollectionDetail,
  type ClipQuery,
} from '#common/contracts/audio.schema.ts';
import { talkPath } from '#common/paths.ts';
import { TALK_CODE_PREFIX } from '#common/playback.ts';
import { AppError } from '#server/errors.ts';
import { chaptersOfTranscript, type TalkChapter } from '#server/feeds/podcast-chapters.ts';
import { parseTranscript, type TranscriptCue } from '#server/lib/webvtt.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { cutClip } from '#server/media/mp3-frames.ts';
import { presentAudioCollection, presentTalk } from '#server/presenters/audio.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';

/** Where a reader stopped in a talk, as "continue listening" shows it. */
export interface LastListened {
  talkId: number;
  title: string;
  albumTitle: string;
  duration: number;
  pageUrl: string;
  /** Seconds. */
  at: number;
}

export const COLLECTION_NOT_FOUND = 'Không tìm thấy tuyển tập pháp âm này.';

/** Dharma talks: their collections, the talks of one, and a talk's timed transcript. */
export function createAudioService(deps: { repos: Repositories; media: MediaStorage }) {
  const { repos } = deps;
  return {
    async listCollections(page: number, perPage: number) {
      const [rows, total] = await Promise.all([
        repos.talks.listPublishedCollections(perPage, (page - 1) * perPage),
        repos.talks.countPublishedCollections(),
      ]);
      return { items: rows.map(presentAudioCollection) as AudioCollection[], total, page, perPage };
    },

    /** A published collection with its published talks; null when there is none. */
    async findCollection(id: number): Promise<AudioCollectionDetail | null> {
      const row = await repos.talks.findPublishedCollection(id);
      if (!row) return null;
      const talks = await repos.talks.listPublishedTalksOf(id);
      return { collection: presentAudioCollection(row), talks: talks.map(presentTalk) };
    },

    async getCollection(id: number): Promise<AudioCollectionDetail> {
      const found = await this.findCollection(id);
      if (!found) throw new AppError('NOT_FOUND', COLLECTION_NOT_FOUND);
      return found;
    },

    /** The page of a collection: its talks, the one chosen (or the first) and that talk's transcript. */
    async findCollectionPage(id: number, talkId: number | null) {
      const detail = await this.findCollection(id);
      if (!detail) return null;
      const current = detail.talks.find((t) => t.id === talkId) ?? detail.talks[0] ?? null;
      const text = await this.transcriptTextOf(current?.transcriptUrl ?? null);
      const cues = text ? parseTranscript(text) : [];
      // The player's timed contents: a talk with headings, or long enough for several sections.
      const chapters: TalkChapter[] = text ? chaptersOfTranscript(text) : [];
      return { ...detail, current, cues, chapters: chapters.length > 1 ? chapters : [] };
    },

    /**
     * The chapters of a published talk of this collection, from its transcript's headings or
     * sections (the feed's `podcast:chapters`); null when the talk is not there or has no transcript.
     */
    async chaptersOf(collectionId: number, talkId: number): Promise<{ title: string; chapters: TalkChapter[] } | null> {
      const row = await repos.talks.findPublishedTalk(talkId);
      if (!row || row.collection_id !== collectionId) return null;
      const text = await this.transcriptTextOf(presentTalk(row).transcriptUrl);
      return text ? { title: row.title, chapters: chaptersOfTranscript(text) } : null;
    },

    /** The text of a stored transcript (`/media/…`), null when there is none or it is missing. */
    async transcriptTextOf(url: string | null): Promise<string | null> {
      const fileName = url?.replace(/^\/media\//, '') ?? null;
      if (!fileName || !(await deps.media.stat(fileName))) return null;
      return new Response(deps.media.read(fileName)).text();
    },

    /**
     * The audio between two moments of a published talk, cut at frame boundaries without
     * re-encoding. Only a published talk's own file; the end within the talk.
     */
    async clip(query: ClipQuery): Promise<{ bytes: Uint8Array; fileName: string; duration: number }> {
      const talk = await repos.talks.findPublishedByFileName(query.fileName);
      if (!talk || talk.mime_type !== 'audio/mpeg') {
        throw new AppError('VALIDATION_FAILED', CLIP_MESSAGES.unknownFile, { fileName: CLIP_MESSAGES.unknownFile });
      }
      if (query.end > talk.duration_seconds) {
        const message = CLIP_MESSAGES.beyondEnd(talk.duration_seconds);
        throw new AppError('VALIDATION_FAILED', message, { end: message });
      }
      const clip = await cutClip(deps.media.read(talk.file_name), query.start, query.end);
      const name = `${talk.slug}-${Math.floor(query.start)}-${Math.ceil(query.end)}.mp3`;
      return { bytes: clip.bytes, fileName: name, duration: clip.duration };
    },

    /**
     * The talk this reader's account listened to last (on any device) and where it stopped, for
     * "continue listening"; null when there is none or it is no longer published.
     */
    async lastListened(userId: number): Promise<LastListened | null> {
      const entry = await repos.playback.findLatest(userId, TALK_CODE_PREFIX);
      const talkId = entry ? Number(entry.code.slice(TALK_CODE_PREFIX.length)) : NaN;
      if (!entry || !Number.isSafeInteger(talkId)) return null;
      const row = await repos.talks.findPublishedTalk(talkId);
      if (!row) return null;
      return {
        talkId: row.id,
        title: row.title,
        albumTitle: row.collection_title,
        duration: row.duration_seconds,
        pageUrl: talkPath(row.collection_id, row.id),
        at: entry.position_ms / 1000,
      };
    },

    /** The cues of a talk's transcript file (empty when it has none or it cannot be read). */
    async transcriptOf(fileName: string | null): Promise<TranscriptCue[]> {
      if (!fileName || !(await deps.media.stat(fileName))) return [];
      const text = await new Response(deps.media.read(fileName)).text();
      return parseTranscript(text);
    },
  };
}

export type AudioService = ReturnType<typeof createAudioService>;
