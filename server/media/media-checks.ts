import { id3v2Length, readFrameHeader } from './mp3-frames.ts';

export type Mp3Scan =
  { ok: true; frames: number; duration: number } | { ok: false; reason: 'empty' | 'not-mp3' | 'broken' };

const ID3V1_LENGTH = 128;

/**
 * Checks every frame of an MP3 as it streams (a stored upload, never whole in memory): it must
 * start with an ID3v2 tag or a Layer III frame, then hold whole frames to the end. An ID3v1 tag
 * ("TAG", 128 bytes) may close the file, as many encoders write one.
 */
export async function scanMp3Stream(source: ReadableStream<Uint8Array>): Promise<Mp3Scan> {
  let pending: Buffer = Buffer.alloc(0);
  let skip = -1; // -1: the ID3v2 tag is not measured yet
  let frames = 0;
  let duration = 0;
  let total = 0;
  // Returns false when the bytes at hand are not a frame (and not the closing ID3v1 tag).
  const consume = (atEnd: boolean): boolean => {
    for (;;) {
      if (skip < 0) {
        if (pending.length < 10 && !atEnd) return true;
        skip = id3v2Length(pending);
      }
      if (skip > 0) {
        const dropped = Math.min(skip, pending.length);
        pending = pending.subarray(dropped);
        skip -= dropped;
        if (skip > 0) return true;
      }
      if (pending.length < 4) return atEnd ? pending.length === 0 : true;
      const header = readFrameHeader(pending, 0);
      if (!header) {
        const closingTag = pending.length <= ID3V1_LENGTH && pending.subarray(0, 3).toString('latin1') === 'TAG';
        if (closingTag && !atEnd) return true;
        return closingTag && pending.length === ID3V1_LENGTH && frames > 0;
      }
      if (pending.length < header.length) return !atEnd;
      frames++;
      duration += header.samples / header.sampleRate;
      pending = pending.subarray(header.length);
    }
  };
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      total += chunk.length;
      pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
      if (!consume(false)) return { ok: false, reason: frames === 0 ? 'not-mp3' : 'broken' };
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  if (total === 0) return { ok: false, reason: 'empty' };
  if (!consume(true)) return { ok: false, reason: frames === 0 ? 'not-mp3' : 'broken' };
  return frames > 0 ? { ok: true, frames, duration } : { ok: false, reason: 'not-mp3' };
}

/** True when the first bytes are an ISO base media file (MP4): a box of type `ftyp` first. */
export function isMp4Head(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  const size = Buffer.from(head.buffer, head.byteOffset, 4).readUInt32BE(0);
  return Buffer.from(head.subarray(4, 8)).toString('latin1') === 'ftyp' && size >= 12;
}
