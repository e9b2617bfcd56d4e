import { describe, expect, it } from 'vitest';
import { isMp4Head, scanMp3Stream } from './media-checks.ts';

/** `frames` silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz): 417 bytes, 1152 samples each. */
function silentMp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb90c4, 0);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** The bytes as a stream of `size`-byte chunks, as a file arrives. */
function streamOf(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  });
}

const id3v2 = (payload: number) => {
  const tag = Buffer.alloc(10 + payload);
  tag.write('ID3', 0, 'latin1');
  tag[3] = 3;
  tag[9] = payload & 0x7f;
  tag[8] = (payload >> 7) & 0x7f;
  return tag;
};

describe('scanMp3Stream', () => {
  it('counts every frame of a stream in any chunking, after an ID3v2 tag and before an ID3v1 tag', async () => {
    const id3v1 = Buffer.alloc(128);
    id3v1.write('TAG', 0, 'latin1');
    const file = Buffer.concat([id3v2(300), silentMp3(50), id3v1]);
    for (const size of [7, 416, 4096, file.length]) {
      const scan = await scanMp3Stream(streamOf(file, size));
      expect(scan, `chunks of ${size}`).toMatchObject({ ok: true, frames: 50 });
      expect(scan.ok && scan.duration).toBeCloseTo((50 * 1152) / 44100, 9);
    }
  });

  it('refuses an empty file, foreign bytes and a truncated last frame', async () => {
    expect(await scanMp3Stream(streamOf(Buffer.alloc(0), 10))).toEqual({ ok: false, reason: 'empty' });
    expect(await scanMp3Stream(streamOf(Buffer.from('<html>không phải MP3</html>'), 10))).toEqual({
      ok: false,
      reason: 'not-mp3',
    });
    const cut = silentMp3(20).subarray(0, 20 * 417 - 50);
    expect(await scanMp3Stream(streamOf(cut, 1000))).toEqual({ ok: false, reason: 'broken' });
    const junk = Buffer.concat([silentMp3(5), Buffer.from('rác giữa các khung'), silentMp3(5)]);
    expect(await scanMp3Stream(streamOf(junk, 64))).toEqual({ ok: false, reason: 'broken' });
  });
});

describe('isMp4Head', () => {
  it('knows an MP4 by its leading ftyp box', () => {
    const head = Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0]);
    expect(isMp4Head(head)).toBe(true);
    expect(isMp4Head(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBe(false);
    expect(isMp4Head(head.subarray(0, 8))).toBe(false);
  });
});
