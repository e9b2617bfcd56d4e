import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endsWithAbbreviation, openBrackets } from '#common/text/sentences.ts';
import { mendBrokenCues, parseTranscript, toWebVtt } from './webvtt.ts';

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

describe('mendBrokenCues', () => {
  it('joins cues cut after a short form or inside brackets, from the first start to the last end', () => {
    const cues = parseTranscript(
      'WEBVTT\n\n1\n00:00:00.350 --> 00:00:01.846\nPhật giáo (zh.\n\n2\n00:00:02.196 --> 00:00:04.910\n佛教, sa.\n\n' +
        '3\n00:00:05.260 --> 00:00:06.957\nbuddhaśāsana) là một tôn giáo.\n\n4\n00:00:07.000 --> 00:00:08.000\nXá lợi tử!\n',
    );
    expect(mendBrokenCues(cues)).toEqual([
      { startSeconds: 0.35, endSeconds: 6.957, text: 'Phật giáo (zh. 佛教, sa. buddhaśāsana) là một tôn giáo.' },
      { startSeconds: 7, endSeconds: 8, text: 'Xá lợi tử!' },
    ]);
  });

  it('leaves whole sentences alone', () => {
    const cues = [
      { startSeconds: 0, endSeconds: 2, text: 'Sắc bất dị không.' },
      { startSeconds: 2, endSeconds: 4, text: 'Không bất dị sắc.' },
    ];
    expect(mendBrokenCues(cues)).toEqual(cues);
  });
});

describe('the demo transcripts', () => {
  const root = path.resolve(import.meta.dirname, '..', '..', 'data', 'demo');
  const files = ['talks', 'videos'].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir))
      .filter((f) => f.endsWith('.vtt'))
      .map((f) => path.join(root, dir, f)),
  );

  it('has no cue that ends with a short form or inside brackets', () => {
    expect(files.length).toBeGreaterThanOrEqual(11);
    const broken = files.flatMap((file) =>
      parseTranscript(fs.readFileSync(file, 'utf8'))
        .filter((c) => endsWithAbbreviation(c.text) || openBrackets(c.text) > 0)
        .map((c) => `${path.basename(file)} ${c.startSeconds}: ${c.text}`),
    );
    expect(broken).toEqual([]);
  });
});

describe('timed headings (named cue identifiers)', () => {
  it('keeps a named identifier as the heading through mending and writing, numbers stay numbers', () => {
    const source =
      'WEBVTT\n\n1\n00:00.000 --> 00:05.000\nKính thưa đại chúng.\n\nPhần 1: Khổ đế\n00:05.000 --> 00:09.000\nĐời là (sa.\n\n3\n00:09.000 --> 00:12.000\nduḥkha) khổ.\n';
    const cues = mendBrokenCues(parseTranscript(source));
    expect(cues.map((c) => c.heading ?? null)).toEqual([null, 'Phần 1: Khổ đế']);
    expect(cues[1]).toMatchObject({ startSeconds: 5, endSeconds: 12 });
    const again = parseTranscript(toWebVtt(cues));
    expect(again).toEqual(cues);
    expect(toWebVtt(cues)).toContain('\nPhần 1: Khổ đế\n00:00:05.000 --> 00:00:12.000\n');
  });
});
