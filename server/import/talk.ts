import { parseBuffer } from 'music-metadata';
import { mendBrokenCues, parseTranscript, toWebVtt } from '#server/lib/webvtt.ts';
import { id3v2Length, readFrameHeader, scanMp3 } from '#server/media/mp3-frames.ts';
import { ImportRefusal } from './import-error.ts';
import { titleOrNull } from './imported-book.ts';

/** A talk as read from an MP3 and its transcript, before it is stored. */
export interface ImportedTalk {
  title: string;
  speaker: string | null;
  album: string | null;
  recordedOn: string | null;
  /** Seconds, whole. */
  duration: number;
  /** The transcript as WebVTT (an SRT is converted), or null. */
  transcriptVtt: string | null;
}

/**
 * An MP3 talk: every frame is checked (a 0-byte, foreign or truncated file is refused), then the
 * tags and duration are read with music-metadata; a same-named .vtt or .srt becomes its WebVTT
 * transcript.
 */
export async function readTalk(bytes: Buffer, fallbackTitle: string, transcript: string | null): Promise<ImportedTalk> {
  if (bytes.length === 0) throw new ImportRefusal('Tệp MP3 rỗng (0 byte).');
  if (!readFrameHeader(bytes, id3v2Length(bytes))) {
    throw new ImportRefusal('Tệp .mp3 này không phải âm thanh MP3.');
  }
  const scanned = scanMp3(bytes);
  if (!scanned) throw new ImportRefusal('Tệp MP3 hỏng hoặc bị cắt cụt (khung âm thanh cuối không trọn vẹn).');
  let metadata;
  try {
    metadata = await parseBuffer(bytes, { mimeType: 'audio/mpeg', size: bytes.length }, { duration: true });
  } catch {
    throw new ImportRefusal('Không đọc được thông tin của tệp MP3.');
  }
  const { common, format } = metadata;
  let transcriptVtt: string | null = null;
  if (transcript !== null) {
    const cues = parseTranscript(transcript);
    if (cues.length === 0) throw new ImportRefusal('Tệp lời (.vtt/.srt) đi kèm không có dòng nào đọc được.');
    transcriptVtt = toWebVtt(mendBrokenCues(cues));
  }
  const year = common.date ?? (common.year ? String(common.year) : null);
  return {
    title: titleOrNull(common.title) ?? titleOrNull(fallbackTitle) ?? 'Bài giảng',
    speaker: titleOrNull(common.artist),
    album: titleOrNull(common.album),
    recordedOn: year && /^\d{4}(-\d{2}-\d{2})?$/.test(year) ? (year.length === 4 ? `${year}-01-01` : year) : null,
    duration: Math.max(1, Math.round(format.duration ?? scanned.duration)),
    transcriptVtt,
  };
}
