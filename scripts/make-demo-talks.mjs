// Makes the demo talks of data/demo/talks/: real Vietnamese speech read from the demo texts by
// eSpeak NG (voice "vi"), with a WebVTT transcript timed sentence by sentence, encoded to MP3 by
// ffmpeg. Run once by a maintainer (`node --import tsx scripts/make-demo-talks.mjs`, needs the Debian
// packages espeak-ng and ffmpeg); the files are committed and the running product needs neither tool.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// TypeScript, hence `--import tsx`: the same splitter knows "zh.", "sa.", "v.v." and brackets.
import { splitSentences } from '../common/text/sentences.ts';

const demo = path.resolve('data/demo');
const outDir = path.join(demo, 'talks');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-talks-'));
const SAMPLE_RATE = 22050; // eSpeak NG's own rate: 16-bit mono PCM
const GAP_SECONDS = 0.35; // silence between sentences
const BITRATE = '32k'; // constant bit rate: speech stays clear, clips cut at frame boundaries
const MAX_TOTAL_BYTES = 3 * 1024 * 1024;

const book = (id) => JSON.parse(fs.readFileSync(path.join(demo, 'books', `${id}.json`), 'utf8'));
// Articles with the corrected capitalisation of their titles (data/demo/categories.json).
const { titles } = JSON.parse(fs.readFileSync(path.join(demo, 'categories.json'), 'utf8'));
const article = (id) => {
  const doc = JSON.parse(fs.readFileSync(path.join(demo, 'articles', `${id}.json`), 'utf8'));
  return { ...doc, title: titles[id] ?? doc.title };
};

/** Paragraphs of a document, from the start, up to about `maxChars` characters (whole paragraphs). */
function opening(doc, maxChars) {
  const out = [];
  let total = 0;
  for (const chapter of doc.chapters) {
    for (const p of chapter.paragraphs) {
      const text = p.replace(/\[\d+\]/g, '').trim(); // Wikipedia's reference marks are not read
      if (!text) continue;
      if (total > 0 && total + text.length > maxChars) return out;
      out.push(text);
      total += text.length;
    }
  }
  return out;
}

const SUTRA_LICENSE = {
  spdx: 'Unlicense',
  name: 'The Unlicense',
  url: 'https://unlicense.org/',
  attribution:
    'Bản phiên âm Hán-Việt: Phan Tuấn Anh (github.com/phineas-pta/kinh_nhat_tung). Giọng đọc tổng hợp eSpeak NG.',
};
const wikiLicense = (doc) => ({
  spdx: 'CC-BY-SA-3.0',
  name: 'Creative Commons Ghi công – Chia sẻ tương tự 3.0',
  url: 'https://creativecommons.org/licenses/by-sa/3.0/',
  attribution: `Bài đọc từ Wikipedia tiếng Việt (${doc.source.url}), do các tác giả Wikipedia đóng góp; bản ghi âm giữ giấy phép CC BY-SA 3.0. Giọng đọc tổng hợp eSpeak NG.`,
});

const SPEAKER = 'Giọng đọc tổng hợp (eSpeak NG)';
const plan = [
  {
    slug: 'tung-kinh-han-viet',
    title: 'Tụng kinh Hán-Việt',
    description:
      'Những bản kinh tụng hằng ngày đọc theo âm Hán-Việt: Bát-nhã Tâm Kinh, Kinh A-di-đà, Kinh Vu Lan. Bản đọc bằng giọng tổng hợp để nghe theo khi học tụng.',
    talks: [
      {
        slug: 'bat-nha-tam-kinh',
        doc: book('knt-bat-nha-tam-kinh'),
        chars: 1100,
        sutra: true,
        recordedOn: '2026-01-10',
      },
      { slug: 'kinh-a-di-da-mo-dau', doc: book('knt-kinh-a-di-da'), chars: 650, sutra: true, recordedOn: '2026-02-14' },
      { slug: 'kinh-vu-lan-mo-dau', doc: book('knt-kinh-vu-lan'), chars: 550, sutra: true, recordedOn: '2026-08-20' },
    ],
  },
  {
    slug: 'bai-doc-phat-hoc',
    title: 'Bài đọc Phật học',
    description:
      'Những bài đọc ngắn về đạo Phật, trích từ Wikipedia tiếng Việt: Phật giáo, Quán Thế Âm, Lễ Phật đản, Vu Lan, Thiền tông.',
    talks: [
      { slug: 'phat-giao-la-gi', doc: article('viwiki-phat-giao'), chars: 650, recordedOn: '2026-03-01' },
      { slug: 'bo-tat-quan-the-am', doc: article('viwiki-quan-the-am'), chars: 700, recordedOn: '2026-04-08' },
      { slug: 'le-phat-dan', doc: article('viwiki-le-phat-dan'), chars: 650, recordedOn: '2026-05-12' },
      { slug: 'le-vu-lan', doc: article('viwiki-vu-lan'), chars: 820, recordedOn: '2026-08-25' },
      { slug: 'thien-tong', doc: article('viwiki-thien-tong'), chars: 680, recordedOn: '2026-09-30' },
    ],
  },
];

/** Sentences to read one by one (each becomes a transcript line). */
function sentences(paragraphs) {
  return paragraphs.flatMap((p) => splitSentences(p));
}

function speak(text, file) {
  execFileSync('espeak-ng', ['-v', 'vi', '-s', '155', '-w', file, text]);
  const wav = fs.readFileSync(file);
  // The PCM data: after the "data" chunk header.
  const at = wav.indexOf(Buffer.from('data'));
  const size = wav.readUInt32LE(at + 4);
  return wav.subarray(at + 8, at + 8 + size);
}

function wavHeader(dataBytes) {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(SAMPLE_RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

function timestamp(seconds) {
  const ms = Math.round(seconds * 1000);
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor((ms % 3_600_000) / 60_000)).padStart(2, '0');
  const s = String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0');
  return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`;
}

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const collections = [];
let totalBytes = 0;
for (const collection of plan) {
  const talks = [];
  for (const talk of collection.talks) {
    const lines = sentences(opening(talk.doc, talk.chars));
    const gap = Buffer.alloc(Math.round(GAP_SECONDS * SAMPLE_RATE) * 2);
    const pcm = [gap];
    const cues = [];
    let at = GAP_SECONDS;
    lines.forEach((line, i) => {
      const audio = speak(line, path.join(work, `${talk.slug}-${i}.wav`));
      const seconds = audio.length / (SAMPLE_RATE * 2);
      cues.push(`${i + 1}\n${timestamp(at)} --> ${timestamp(at + seconds)}\n${line}`);
      pcm.push(audio, gap);
      at += seconds + GAP_SECONDS;
    });
    const data = Buffer.concat(pcm);
    const wavFile = path.join(work, `${talk.slug}.wav`);
    fs.writeFileSync(wavFile, Buffer.concat([wavHeader(data.length), data]));
    const fileName = `phap-am-${talk.slug}.mp3`;
    const mp3 = path.join(outDir, fileName);
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      wavFile,
      '-ac',
      '1',
      '-b:a',
      BITRATE,
      '-codec:a',
      'libmp3lame',
      '-id3v2_version',
      '3',
      '-metadata',
      `title=${talk.doc.title}`,
      '-metadata',
      `artist=${SPEAKER}`,
      mp3,
    ]);
    const vtt = `phap-am-${talk.slug}.vtt`;
    fs.writeFileSync(path.join(outDir, vtt), `WEBVTT\n\n${cues.join('\n\n')}\n`);
    const bytes = fs.statSync(mp3).size;
    totalBytes += bytes;
    // "Kinh A-di-đà (phiên âm Hán-Việt)" → "Kinh A-di-đà"; the reading's own name goes in the description.
    const title =
      talk.doc.title.replace(/\s*\(phiên âm Hán-Việt\)$/, '') +
      (talk.sutra && talk.chars < 1000 ? ' — phần mở đầu' : '');
    talks.push({
      slug: talk.slug,
      title,
      description: talk.sutra
        ? `Đọc tụng ${talk.doc.title_sino_vietnamese} theo âm Hán-Việt, giọng đọc tổng hợp, kèm lời theo từng câu.`
        : `Bài đọc “${talk.doc.title}”: phần mở đầu bài viết trên Wikipedia tiếng Việt, giọng đọc tổng hợp, kèm lời theo từng câu.`,
      speaker: SPEAKER,
      fileName,
      transcript: vtt,
      durationSeconds: Math.round(data.length / (SAMPLE_RATE * 2)),
      recordedOn: talk.recordedOn,
      license: talk.sutra ? SUTRA_LICENSE : wikiLicense(talk.doc),
    });
    console.log(`${fileName}: ${lines.length} lines, ${Math.round(at)} s, ${Math.round(bytes / 1024)} KiB`);
  }
  collections.push({
    slug: collection.slug,
    title: collection.title,
    description: collection.description,
    speaker: SPEAKER,
    talks,
  });
}
fs.writeFileSync(path.join(demo, 'talks.json'), `${JSON.stringify({ collections }, null, 2)}\n`);
fs.rmSync(work, { recursive: true, force: true });
console.log(`total ${Math.round(totalBytes / 1024)} KiB`);
if (totalBytes > MAX_TOTAL_BYTES) throw new Error('The demo talks exceed 3 MB: read shorter openings.');
