import { describe, expect, it } from 'vitest';
import { parseTranscript } from './webvtt.ts';

describe('parseTranscript', () => {
  it('reads WebVTT cues with identifiers, settings, voices and notes', () => {
    const vtt = [
      'WEBVTT',
      '',
      'NOTE made by hand',
      '',
      '1',
      '00:00:00.350 --> 00:00:04.100 align:start',
      '<v Thầy>Ma ha Bát nhã</v>',
      'Ba la mật đa',
      '',
      '01:05.000 --> 01:09.5',
      'Quán Tự Tại &amp; Bồ Tát',
    ].join('\n');
    expect(parseTranscript(vtt)).toEqual([
      { startSeconds: 0.35, endSeconds: 4.1, text: 'Ma ha Bát nhã Ba la mật đa' },
      { startSeconds: 65, endSeconds: 69.5, text: 'Quán Tự Tại & Bồ Tát' },
    ]);
  });

  it('reads SRT (comma decimals, CRLF) and skips malformed blocks', () => {
    const srt =
      '1\r\n00:00:01,000 --> 00:00:02,500\r\nMột\r\n\r\n2\r\nnot a timing\r\nHai\r\n\r\n3\r\n00:00:05,000 --> 00:00:03,000\r\nngược\r\n';
    expect(parseTranscript(srt)).toEqual([{ startSeconds: 1, endSeconds: 2.5, text: 'Một' }]);
  });
});
