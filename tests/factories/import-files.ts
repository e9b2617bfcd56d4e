import fs from 'node:fs';
import path from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { strToU8, zipSync, type Zippable } from 'fflate';
import sharp from 'sharp';

/** Files the importer tests feed it, made here at test time with real libraries. */

export interface EpubChapter {
  id: string;
  title: string;
  /** The body's HTML. */
  body: string;
}

const xhtml = (title: string, body: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${title}</title></head><body>${body}</body></html>`;

/**
 * An EPUB (3 with a nav document, or 2 with an NCX) whose spine lists the chapters in the order
 * given — the manifest lists them reversed, so a reader that follows the manifest is caught.
 */
export function makeEpub(options: {
  version: 2 | 3;
  title: string;
  author: string;
  chapters: EpubChapter[];
  cover?: Buffer;
  /** dc:identifier (the package's unique identifier); by default one made from the title. */
  identifier?: string;
  /** Pictures the chapters show, by their path under OEBPS/ (e.g. `images/sen.png`). */
  images?: Record<string, Buffer>;
  /** Added as they are (hostile entries). */
  extra?: Record<string, Uint8Array>;
}): Buffer {
  const { chapters } = options;
  const manifest = [...chapters]
    .reverse()
    .map((c) => `<item id="${c.id}" href="text/${c.id}.xhtml" media-type="application/xhtml+xml"/>`);
  if (options.version === 3)
    manifest.push('<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>');
  else manifest.push('<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>');
  for (const [i, name] of Object.keys(options.images ?? {}).entries()) {
    manifest.push(`<item id="img${i}" href="${name}" media-type="image/${name.endsWith('.png') ? 'png' : 'jpeg'}"/>`);
  }
  if (options.cover) {
    manifest.push(
      `<item id="cover-img" href="images/cover.png" media-type="image/png"${options.version === 3 ? ' properties="cover-image"' : ''}/>`,
    );
  }
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="${options.version}.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:identifier id="uid">${options.identifier ?? `urn:pháp-bảo-test:${options.title}`}</dc:identifier>
    <dc:title>${options.title}</dc:title>
    <dc:creator opf:role="aut">${options.author}</dc:creator>
    <dc:language>vi</dc:language>
    <dc:description>Sách thử nghiệm của bộ nhập.</dc:description>
    ${options.version === 2 && options.cover ? '<meta name="cover" content="cover-img"/>' : ''}
  </metadata>
  <manifest>${manifest.join('\n')}</manifest>
  <spine${options.version === 2 ? ' toc="ncx"' : ''}>${chapters.map((c) => `<itemref idref="${c.id}"/>`).join('')}</spine>
</package>`;
  const files: Zippable = {
    // The first entry, stored: what makes a ZIP an EPUB.
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': strToU8(opf),
  };
  for (const c of chapters) files[`OEBPS/text/${c.id}.xhtml`] = strToU8(xhtml(c.title, c.body));
  if (options.version === 3) {
    const items = chapters.map((c) => `<li><a href="text/${c.id}.xhtml">${c.title}</a></li>`).join('');
    files['OEBPS/nav.xhtml'] = strToU8(xhtml('Mục lục', `<nav epub:type="toc"><ol>${items}</ol></nav>`));
  } else {
    const points = chapters
      .map(
        (c, i) =>
          `<navPoint id="np${i}" playOrder="${i + 1}"><navLabel><text>${c.title}</text></navLabel><content src="text/${c.id}.xhtml"/></navPoint>`,
      )
      .join('');
    files['OEBPS/toc.ncx'] = strToU8(
      `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>${points}</navMap></ncx>`,
    );
  }
  if (options.cover) files['OEBPS/images/cover.png'] = options.cover;
  for (const [name, bytes] of Object.entries(options.images ?? {})) files[`OEBPS/${name}`] = bytes;
  for (const [name, bytes] of Object.entries(options.extra ?? {})) files[name] = bytes;
  return Buffer.from(zipSync(files));
}

/** A small PNG cover (a warm colour with a lighter band), made with sharp. */
export async function makeCoverPng(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: '#8a4b1f' } })
    .composite([
      {
        input: Buffer.from('<svg width="600" height="120"><rect width="600" height="120" fill="#f3e3c3"/></svg>'),
        top: 340,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** A Word document: core title and author, then chapters as Heading 1 with their paragraphs. */
export async function makeDocx(options: {
  title: string;
  creator: string;
  intro?: string;
  chapters: { title: string; paragraphs: string[] }[];
}): Promise<Buffer> {
  const children: Paragraph[] = [];
  if (options.intro) children.push(new Paragraph({ text: options.intro }));
  for (const chapter of options.chapters) {
    children.push(new Paragraph({ text: chapter.title, heading: HeadingLevel.HEADING_1 }));
    for (const p of chapter.paragraphs) children.push(new Paragraph({ text: p }));
  }
  const document = new Document({
    title: options.title,
    creator: options.creator,
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}

/**
 * A valid MPEG-1 Layer III file of silence: `frames` frames of 417 bytes (128 kbit/s, 44.1 kHz,
 * mono), each 1152 samples long — an MP3 every decoder and tag reader accepts.
 */
export function makeSilentMp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb90c4, 0);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

export const MP3_FRAME_SECONDS = 1152 / 44100;

/**
 * A talk's or video's timed transcript as a WebVTT or SRT file: line i from i × `secondsEach` to
 * the next line's start, each with its cue number (what an editor's captioning tool writes).
 */
export function timedTranscript(
  lines: string[],
  options: { secondsEach?: number; format?: 'vtt' | 'srt' } = {},
): { name: string; text: string } {
  const secondsEach = options.secondsEach ?? 4;
  const srt = options.format === 'srt';
  const time = (seconds: number) => {
    const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    return `${pad(h)}:${pad(m)}:${pad(Math.floor(s))}${srt ? ',' : '.'}${pad(Math.round((s % 1) * 1000), 3)}`;
  };
  const cues = lines.map((line, i) => `${i + 1}\n${time(i * secondsEach)} --> ${time((i + 1) * secondsEach)}\n${line}`);
  return srt
    ? { name: 'loi-giang.srt', text: `${cues.join('\n\n')}\n` }
    : { name: 'loi-giang.vtt', text: `WEBVTT\n\n${cues.join('\n\n')}\n` };
}

/**
 * A real MP4 (one a browser plays, its `ftyp` and `moov` boxes read for the duration) under 1 MB:
 * a video of the demo's, read from data/demo, as making one at test time would need an encoder.
 * Only its bytes are used: a test gives it a title and a transcript of its own.
 */
export function realMp4(): { bytes: Buffer; durationSeconds: number } {
  const dir = path.resolve(import.meta.dirname, '..', '..', 'data', 'demo');
  const { videos } = JSON.parse(fs.readFileSync(path.join(dir, 'videos.json'), 'utf8')) as {
    videos: { fileName: string; durationSeconds: number }[];
  };
  const file = (v: { fileName: string }) => path.join(dir, 'videos', v.fileName);
  const small = videos.find((v) => fs.statSync(file(v)).size < 900_000)!;
  return { bytes: fs.readFileSync(file(small)), durationSeconds: small.durationSeconds };
}
