import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cutClip, id3v2Length, readFrameHeader, scanMp3 } from './mp3-frames.ts';

const TALK = path.resolve(import.meta.dirname, '../../data/demo/talks/phap-am-phat-giao-la-gi.mp3');

/** A stream of the bytes in chunks of `size` (frames straddle chunk edges). */
function streamOf(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

describe('mp3 frames', () => {
  it('reads Layer III headers of MPEG-1 and MPEG-2, and refuses other bytes', () => {
    // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, no padding: 417 bytes, 1152 samples.
    expect(readFrameHeader(new Uint8Array([0xff, 0xfb, 0x90, 0x00]), 0)).toEqual({
      length: 417,
      sampleRate: 44100,
      samples: 1152,
    });
    // MPEG-2 Layer III, 32 kbit/s, 22.05 kHz, padded: 105 bytes, 576 samples.
    expect(readFrameHeader(new Uint8Array([0xff, 0xf3, 0x42, 0x00]), 0)).toEqual({
      length: 105,
      sampleRate: 22050,
      samples: 576,
    });
    expect(readFrameHeader(new Uint8Array([0x49, 0x44, 0x33, 0x04]), 0)).toBeNull(); // "ID3"
    expect(readFrameHeader(new Uint8Array([0xff, 0xfd, 0x90, 0x00]), 0)).toBeNull(); // Layer II
    expect(readFrameHeader(new Uint8Array([0xff, 0xfb, 0xf0, 0x00]), 0)).toBeNull(); // bad bitrate
  });

  it('skips an ID3v2 tag', () => {
    const tag = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 1, 0]);
    expect(id3v2Length(tag)).toBe(10 + 128);
  });

  it('cuts the same clip whatever the chunks of the stream, holding whole frames only', async () => {
    const bytes = new Uint8Array(fs.readFileSync(TALK));
    const big = await cutClip(streamOf(bytes, 1 << 16), 3, 9);
    const small = await cutClip(streamOf(bytes, 333), 3, 9);
    expect(Buffer.from(small.bytes)).toEqual(Buffer.from(big.bytes));
    expect(scanMp3(big.bytes)?.frames).toBe(big.frames);
    expect(Math.abs(big.duration - 6)).toBeLessThan(0.03);
    // Past the end of the file: what there is, no error.
    const tail = await cutClip(streamOf(bytes, 4096), 60, 10_000);
    expect(tail.duration).toBeGreaterThan(5);
    // Not an MP3: nothing.
    expect((await cutClip(streamOf(new TextEncoder().encode('x'.repeat(5000)), 100), 0, 5)).frames).toBe(0);
  });
});
