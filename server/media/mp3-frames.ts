/**
 * MPEG audio (MP3) frames, read without any system program: enough to cut a clip at frame
 * boundaries without re-encoding (GET /public/audio/split/).
 */

export interface FrameHeader {
  /** Bytes of the whole frame, header included. */
  length: number;
  sampleRate: number;
  samples: number;
}

// Bit rates (kbit/s) of Layer III by bitrate index: MPEG-1, and MPEG-2 / 2.5.
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

/** The Layer III frame header at `offset`, or null when the bytes there are not one. */
export function readFrameHeader(bytes: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset]!;
  const b2 = bytes[offset + 1]!;
  const b3 = bytes[offset + 2]!;
  if (b1 !== 0xff || (b2 & 0xe0) !== 0xe0) return null;
  const version = (b2 >> 3) & 0b11; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layer = (b2 >> 1) & 0b11; // 1: Layer III
  if (version === 1 || layer !== 1) return null;
  const bitrateIndex = b3 >> 4;
  const rateIndex = (b3 >> 2) & 0b11;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const padding = (b3 >> 1) & 1;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]! * 1000;
  const samples = mpeg1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  return length >= 4 ? { length, sampleRate, samples } : null;
}

/** Bytes taken by an ID3v2 tag at the start of the file (0 when there is none). */
export function id3v2Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/** True for the encoder's information frame (Xing / Info / VBRI): it describes the whole file. */
export function isInfoFrame(frame: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(frame.subarray(0, Math.min(frame.length, 64)));
  return head.includes('Xing') || head.includes('Info') || head.includes('VBRI');
}

export interface Clip {
  bytes: Uint8Array;
  /** Seconds actually covered (whole frames). */
  duration: number;
  frames: number;
}

/**
 * The frames that start in [start, end) seconds, concatenated: a valid MP3 of the same type.
 * Reads the stream from the beginning and stops at `end`; holds only the clip in memory.
 */
export async function cutClip(stream: ReadableStream<Uint8Array>, start: number, end: number): Promise<Clip> {
  const reader = stream.getReader();
  let buffer = new Uint8Array(0);
  let done = false;
  const fill = async (need: number) => {
    while (!done && buffer.length < need) {
      const chunk = await reader.read();
      if (chunk.done) {
        done = true;
        break;
      }
      const merged = new Uint8Array(buffer.length + chunk.value.length);
      merged.set(buffer);
      merged.set(chunk.value, buffer.length);
      buffer = merged;
    }
  };

  const parts: Uint8Array[] = [];
  let time = 0;
  let frames = 0;
  let covered = 0;
  let first = true;
  try {
    await fill(10);
    const tag = id3v2Length(buffer);
    if (tag > 0) {
      await fill(tag);
      buffer = buffer.subarray(Math.min(tag, buffer.length));
    }
    let offset = 0;
    for (;;) {
      await fill(offset + 4);
      let header = readFrameHeader(buffer, offset);
      if (!header) {
        // Resynchronise on the next frame header (junk between frames), within what is read.
        let next = offset + 1;
        while (next + 4 <= buffer.length && !readFrameHeader(buffer, next)) next++;
        if (next + 4 > buffer.length) {
          if (done) break;
          buffer = buffer.subarray(offset);
          offset = 0;
          await fill(buffer.length + 4096);
          continue;
        }
        offset = next;
        header = readFrameHeader(buffer, offset)!;
      }
      await fill(offset + header.length);
      if (offset + header.length > buffer.length) break; // a truncated last frame
      const frame = buffer.subarray(offset, offset + header.length);
      const seconds = header.samples / header.sampleRate;
      const info = first && isInfoFrame(frame);
      first = false;
      if (!info) {
        if (time >= end) break;
        if (time >= start) {
          parts.push(frame.slice());
          frames++;
          covered += seconds;
        }
        time += seconds;
      }
      offset += header.length;
      // Drop what has been read, so memory holds the clip and one chunk, not the file.
      if (offset > 1 << 20) {
        buffer = buffer.subarray(offset);
        offset = 0;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, duration: covered, frames };
}

/** Every frame of a whole MP3 in memory (for checks): count and duration; null when it is not one. */
export function scanMp3(bytes: Uint8Array): { frames: number; duration: number } | null {
  let offset = id3v2Length(bytes);
  let frames = 0;
  let duration = 0;
  while (offset < bytes.length) {
    const header = readFrameHeader(bytes, offset);
    if (!header || offset + header.length > bytes.length) return null;
    frames++;
    duration += header.samples / header.sampleRate;
    offset += header.length;
  }
  return frames > 0 ? { frames, duration } : null;
}
