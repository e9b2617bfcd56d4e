import { AUDIO_PART_PREFIX, DOWNLOADS_CACHE, TALK_RECORD_PREFIX } from './offline-cache.ts';
import { dropUnnamedFiles, localFilesOf, store, storeNamedFiles } from './offline-books.ts';
import { installOfflineWorker } from './offline-shell.ts';

/**
 * Talks downloaded for listening offline (decision 0030): the talk's page (its transcript is in the
 * page's data) with the assets it names, and its audio, fetched in pieces with HTTP Range so that a
 * broken download resumes where it stopped; the whole file is then stored under its own address, and
 * the service worker answers the player's Range requests from it. Browser only; loaded with the
 * download button and the downloads page.
 */

export interface TalkToDownload {
  id: number;
  title: string;
  collectionTitle: string;
  /** The talk's page (`/phap-am/{collection}?nghe={id}`). */
  pagePath: string;
  /** The audio file (`/media/…`). */
  audioUrl: string;
}

export interface TalkDownloadRecord extends TalkToDownload {
  audioBytes: number;
  /** Bytes stored: page, assets not stored before, audio. */
  bytes: number;
  /** Every file this download keeps (the page, its assets, the audio): removed with the last download naming them. */
  files: string[];
  downloadedAt: string;
}

/** Sound and video files, by their extension (the server's media types: server/media/serve-media.ts). */
const RECORDING = /\.(?:mp3|m4a|ogg|opus|wav|mp4|webm)$/i;

/** A piece of audio per request: a broken connection loses at most this much. */
export const AUDIO_PART_BYTES = 256 * 1024;

const recordUrl = (id: number) => `${TALK_RECORD_PREFIX}${id}`;
const partUrl = (audioUrl: string, index: number) => `${AUDIO_PART_PREFIX}${audioUrl}?phan=${index}`;

/** `bytes 0-524287/1048576` → 1048576. */
function totalOf(contentRange: string | null): number | null {
  const total = /\/(\d+)\s*$/.exec(contentRange ?? '')?.[1];
  return total === undefined ? null : Number(total);
}

/**
 * Fetches the audio piece by piece (pieces already stored are kept: a second attempt resumes), then
 * stores the whole file under its address and drops the pieces. Returns its size.
 */
async function downloadAudio(cache: Cache, url: string, onBytes: (done: number, total: number) => void) {
  const stored = await cache.match(url);
  if (stored) return (await stored.blob()).size;
  const parts: Blob[] = [];
  let total = Infinity;
  let type = 'audio/mpeg';
  let done = 0;
  for (let index = 0; index * AUDIO_PART_BYTES < total; index++) {
    let part = await cache.match(partUrl(url, index));
    if (!part) {
      const start = index * AUDIO_PART_BYTES;
      const res = await fetch(url, {
        headers: { Range: `bytes=${start}-${start + AUDIO_PART_BYTES - 1}` },
        cache: 'no-store',
      });
      if (res.status !== 206) throw new Error(`${url}: ${res.status}`);
      const headers = {
        'Content-Type': res.headers.get('Content-Type') ?? type,
        'Content-Range': res.headers.get('Content-Range') ?? '',
      };
      await cache.put(partUrl(url, index), new Response(await res.blob(), { headers }));
      part = (await cache.match(partUrl(url, index)))!;
    }
    total = totalOf(part.headers.get('Content-Range')) ?? NaN;
    if (!Number.isFinite(total)) throw new Error(`${url}: no total size`);
    type = part.headers.get('Content-Type') ?? type;
    const blob = await part.blob();
    parts.push(blob);
    done += blob.size;
    onBytes(done, total);
  }
  const audio = new Blob(parts, { type });
  if (audio.size !== total) throw new Error(`${url}: ${audio.size} of ${total} bytes`);
  await cache.put(
    url,
    new Response(audio, {
      headers: { 'Content-Type': type, 'Content-Length': String(audio.size), 'Accept-Ranges': 'bytes' },
    }),
  );
  await Promise.all(parts.map((_, index) => cache.delete(partUrl(url, index))));
  return audio.size;
}

/**
 * Downloads a talk: its page and what the page names, then the audio with progress in bytes
 * (`done` of `total`, the page counted as its size). Asks the browser to keep the storage.
 */
export async function downloadTalk(
  talk: TalkToDownload,
  onProgress: (done: number, total: number) => void,
): Promise<TalkDownloadRecord> {
  void navigator.storage?.persist?.().catch(() => false);
  const worker = installOfflineWorker();
  const cache = await caches.open(DOWNLOADS_CACHE);
  const page = await store(cache, talk.pagePath);
  // The page names its collection's other recordings too (the player's queue): not this download's.
  const assets = new Set(localFilesOf(page.text ?? '').filter((f) => !RECORDING.test(f)));
  let bytes = page.bytes + (await storeNamedFiles(cache, assets));
  const audioBytes = await downloadAudio(cache, talk.audioUrl, (done, total) => onProgress(done, total));
  bytes += audioBytes;
  const record: TalkDownloadRecord = {
    ...talk,
    audioBytes,
    bytes,
    files: [talk.pagePath, talk.audioUrl, ...assets],
    downloadedAt: new Date().toISOString(),
  };
  await cache.put(recordUrl(talk.id), Response.json(record));
  await worker;
  return record;
}

export async function findTalkDownload(id: number): Promise<TalkDownloadRecord | null> {
  if (!('caches' in window)) return null;
  const res = await (await caches.open(DOWNLOADS_CACHE)).match(recordUrl(id));
  return res ? ((await res.json()) as TalkDownloadRecord) : null;
}

/** The downloaded talks, newest first. */
export async function listTalkDownloads(): Promise<TalkDownloadRecord[]> {
  if (!('caches' in window)) return [];
  const cache = await caches.open(DOWNLOADS_CACHE);
  const keys = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith(TALK_RECORD_PREFIX));
  const records = await Promise.all(
    keys.map(async (k) => (await (await cache.match(k))!.json()) as TalkDownloadRecord),
  );
  return records.sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt));
}

/** Removes a talk's record, and its page, audio and assets when no other download names them. */
export async function removeTalkDownload(id: number): Promise<void> {
  const record = await findTalkDownload(id);
  if (!record) return;
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.delete(recordUrl(id));
  await dropUnnamedFiles(cache, record.files);
}
