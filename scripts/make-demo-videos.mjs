// Makes the demo videos of data/demo/videos/: three demo talks (data/demo/talks) turned into
// short H.264/AAC MP4 videos with the words on screen as they are read (burnt-in from the talk's
// WebVTT transcript) under the title, plus a JPEG poster for each, served by us as its thumbnail.
// Run once by a maintainer after make-demo-talks (`node scripts/make-demo-videos.mjs`; needs
// Debian's ffmpeg and fonts-dejavu-core); the files are committed and the product needs neither.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const demo = path.resolve('data/demo');
const talkDir = path.join(demo, 'talks');
const outDir = path.join(demo, 'videos');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-videos-'));
const WIDTH = 854;
const HEIGHT = 480;
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const TITLE_FONT = path.join(FONT_DIR, 'DejaVuSerif-Bold.ttf');
const TEXT_FONT = path.join(FONT_DIR, 'DejaVuSerif.ttf');

const plan = [
  {
    slug: 'bat-nha-tam-kinh-doc-tung-co-loi',
    talk: 'bat-nha-tam-kinh',
    title: 'Bát-nhã Tâm Kinh — đọc tụng có lời',
    description:
      'Bài Bát-nhã Tâm Kinh đọc theo âm Hán-Việt, lời kinh hiện trên màn hình theo từng câu để người mới học tụng đọc theo.',
    publishedAt: '2026-06-15T01:00:00.000Z',
  },
  {
    slug: 'le-vu-lan-bao-hieu',
    talk: 'le-vu-lan',
    title: 'Lễ Vu Lan — mùa báo hiếu',
    description:
      'Nguồn gốc và ý nghĩa ngày lễ Vu Lan rằm tháng Bảy, đọc từ bài viết trên Wikipedia tiếng Việt, có lời trên màn hình.',
    publishedAt: '2026-08-28T01:00:00.000Z',
  },
  {
    slug: 'thien-tong-la-gi',
    talk: 'thien-tong',
    title: 'Thiền tông là gì?',
    description:
      'Giới thiệu ngắn về Thiền tông, một tông phái Phật giáo Đại thừa, đọc từ bài viết trên Wikipedia tiếng Việt, có lời trên màn hình.',
    publishedAt: '2026-10-02T01:00:00.000Z',
  },
];

/** The calm brown background every frame and poster is drawn on. */
function backgroundSvg(extra = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><radialGradient id="g" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#5a3f22"/><stop offset="1" stop-color="#21170d"/></radialGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <circle cx="427" cy="470" r="150" fill="none" stroke="#c9a063" stroke-opacity="0.25" stroke-width="2"/>
  <circle cx="427" cy="470" r="190" fill="none" stroke="#c9a063" stroke-opacity="0.15" stroke-width="2"/>
  <line x1="327" y1="92" x2="527" y2="92" stroke="#c9a063" stroke-opacity="0.7" stroke-width="1.5"/>
  ${extra}
</svg>`;
}

function ffmpeg(args) {
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);
}

/** drawtext options: the text comes from a file, so no escaping of Vietnamese or punctuation. */
function drawText(textFile, font, size, y, colour) {
  return `drawtext=fontfile=${font}:textfile=${textFile}:fontsize=${size}:fontcolor=${colour}:x=(w-tw)/2:y=${y}`;
}

function probeSeconds(file) {
  const args = ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1'];
  return Number(execFileSync('ffprobe', [...args, file]).toString());
}

const talks = JSON.parse(fs.readFileSync(path.join(demo, 'talks.json'), 'utf8')).collections.flatMap((c) => c.talks);
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const background = path.join(work, 'background.png');
await sharp(Buffer.from(backgroundSvg())).png().toFile(background);

const videos = [];
let totalBytes = 0;
for (const video of plan) {
  const talk = talks.find((t) => t.slug === video.talk);
  if (!talk) throw new Error(`No demo talk ${video.talk}`);
  const titleFile = path.join(work, `${video.slug}.title.txt`);
  fs.writeFileSync(titleFile, video.title.split(' — ')[0]);
  const fileName = `video-${video.slug}.mp4`;
  const thumbnail = `video-${video.slug}.jpg`;
  const transcript = `video-${video.slug}.vtt`;
  fs.copyFileSync(path.join(talkDir, talk.transcript), path.join(outDir, transcript));

  // Subtitles: libass's legacy alignment 10 = centred in the middle; sizes are on its 288-line scale.
  const subtitleStyle = [
    'FontName=DejaVu Serif',
    'FontSize=15',
    'PrimaryColour=&H00FFFFFF',
    'OutlineColour=&H00101010',
    'BorderStyle=1',
    'Outline=1',
    'Shadow=0',
    'Alignment=10',
    'MarginL=30',
    'MarginR=30',
  ].join(',');
  const filters = [
    drawText(titleFile, TITLE_FONT, 30, 44, '0xf3e3c3'),
    `subtitles=${path.join(outDir, transcript)}:force_style='${subtitleStyle}'`,
  ].join(',');
  // One still background at 5 frames a second: the picture changes only when a sentence does.
  // `-t` with the audio's own length (-shortest overshoots with a looped picture).
  const audioSeconds = probeSeconds(path.join(talkDir, talk.fileName));
  ffmpeg([
    ...['-loop', '1', '-framerate', '5', '-i', background],
    ...['-i', path.join(talkDir, talk.fileName)],
    ...['-vf', filters],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-tune',
      'stillimage',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-r',
      '5',
    ],
    ...['-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-t', audioSeconds.toFixed(3), '-movflags', '+faststart'],
    ...['-metadata', `title=${video.title}`, '-metadata', `artist=${talk.speaker}`],
    path.join(outDir, fileName),
  ]);

  // The poster: the whole title, large, and the reader's name below it.
  const posterTitle = path.join(work, `${video.slug}.poster.txt`);
  const posterBy = path.join(work, `${video.slug}.by.txt`);
  fs.writeFileSync(posterTitle, video.title.split(' — ')[0]);
  fs.writeFileSync(posterBy, video.title.includes(' — ') ? video.title.split(' — ')[1] : 'Pháp Bảo · video');
  ffmpeg([
    ...['-i', background],
    ...[
      '-vf',
      [drawText(posterTitle, TITLE_FONT, 48, 116, '0xf3e3c3'), drawText(posterBy, TEXT_FONT, 26, 178, '0xe0c89a')].join(
        ',',
      ),
    ],
    ...['-frames:v', '1', '-q:v', '4'],
    path.join(outDir, thumbnail),
  ]);

  const duration = probeSeconds(path.join(outDir, fileName));
  const bytes = fs.statSync(path.join(outDir, fileName)).size;
  totalBytes += bytes;
  videos.push({
    slug: video.slug,
    title: video.title,
    description: video.description,
    speaker: talk.speaker,
    fileName,
    thumbnail,
    transcript,
    durationSeconds: Math.round(duration),
    publishedAt: video.publishedAt,
    license: talk.license,
  });
  console.log(`${fileName}: ${Math.round(duration)} s, ${Math.round(bytes / 1024)} KiB`);
}
fs.writeFileSync(path.join(demo, 'videos.json'), `${JSON.stringify({ videos }, null, 2)}\n`);
fs.rmSync(work, { recursive: true, force: true });
console.log(`${videos.length} videos, ${Math.round(totalBytes / 1024)} KiB in all`);
