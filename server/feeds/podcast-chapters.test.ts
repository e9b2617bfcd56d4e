import { describe, expect, it } from 'vitest';
import { chaptersOfTranscript, renderChaptersJson, SECTION_SECONDS, transcriptHeadings } from './podcast-chapters.ts';

const stamp = (s: number) =>
  `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
const vtt = (cues: { id?: string; at: number; text: string }[]) =>
  `WEBVTT\n\n${cues.map((c, i) => `${c.id ?? i + 1}\n${stamp(c.at)} --> ${stamp(c.at + 9)}\n${c.text}`).join('\n\n')}\n`;

describe('a talk’s chapters from its transcript', () => {
  it('takes named cue identifiers as headings, numbers are not, and adds "Mở đầu" before a late first one', () => {
    const source = vtt([
      { at: 0, text: 'Kính thưa đại chúng.' },
      { id: 'Phần 1: Khổ đế', at: 40, text: 'Đời là khổ.' },
      { at: 60, text: 'Sinh, già, bệnh, chết.' },
      { id: 'Phần 2: Tập đế', at: 125, text: 'Khổ có nguyên nhân.' },
    ]);
    expect(transcriptHeadings(source)).toEqual([
      { startTime: 40, title: 'Phần 1: Khổ đế' },
      { startTime: 125, title: 'Phần 2: Tập đế' },
    ]);
    expect(chaptersOfTranscript(source)).toEqual([
      { startTime: 0, title: 'Mở đầu' },
      { startTime: 40, title: 'Phần 1: Khổ đế' },
      { startTime: 125, title: 'Phần 2: Tập đế' },
    ]);
  });

  it('cuts a long talk without headings into sections named by their first sentence', () => {
    const cues = Array.from({ length: 90 }, (_, i) => ({
      at: i * 10,
      text: `Câu thứ ${i + 1} của bài giảng. Còn tiếp nữa`,
    }));
    const chapters = chaptersOfTranscript(vtt(cues));
    expect(chapters.map((c) => c.startTime)).toEqual([0, SECTION_SECONDS, 2 * SECTION_SECONDS]);
    expect(chapters[1]!.title).toBe('Câu thứ 31 của bài giảng.');
  });

  it('shortens a long first sentence at a word, and has nothing to say without cues', () => {
    const long = 'Nam mô A Di Đà Phật '.repeat(10).trim();
    const [only] = chaptersOfTranscript(vtt([{ at: 0, text: long }]));
    expect(only!.title.length).toBeLessThanOrEqual(80);
    expect(only!.title.endsWith('…')).toBe(true);
    expect(long.startsWith(only!.title.slice(0, -1))).toBe(true);
    expect(chaptersOfTranscript('WEBVTT\n')).toEqual([]);
  });

  it('writes the Podcast Namespace JSON chapters file', () => {
    const json = JSON.parse(renderChaptersJson([{ startTime: 0, title: 'Mở đầu' }], 'Bài giảng'));
    expect(json).toEqual({ version: '1.2.0', title: 'Bài giảng', chapters: [{ startTime: 0, title: 'Mở đầu' }] });
  });
});
