import crypto from 'node:crypto';
import render from 'dom-serializer';
import { Text, type Element } from 'domhandler';
import * as DomUtils from 'domutils';
import sharp from 'sharp';
import { IMPORT_IMAGE_SCHEME, parseHtml, SERIALIZE } from '#server/import/imported-book.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';

/** The widest a chapter's picture is stored: twice the reading column on a phone, sharp on a laptop. */
export const CHAPTER_IMAGE_MAX_WIDTH = 1200;
const CHAPTER_IMAGE_MAX_HEIGHT = 1800;
const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
const MEDIA_FOLDER = 'book-images';

export interface StoredImage {
  name: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** A picture cut to fit 1200×1800 (never enlarged), as WebP; named by its content, so a re-import reuses it. */
export async function renderChapterImage(bytes: Buffer): Promise<StoredImage> {
  if (bytes.length === 0 || bytes.length > IMAGE_MAX_BYTES) throw new Error('image too large or empty');
  const { data, info } = await sharp(bytes, { limitInputPixels: 60_000_000 })
    .rotate()
    .resize(CHAPTER_IMAGE_MAX_WIDTH, CHAPTER_IMAGE_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 20);
  return { name: `${MEDIA_FOLDER}/${hash}.webp`, width: info.width, height: info.height, bytes: data };
}

const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+;base64,/i;

/**
 * The pictures of a chapter's HTML (`import-image:NAME` marked by a reader, or a `data:` image a
 * Word document carries) cut and given their /media address and size; the alt text stays. A
 * picture that cannot be read leaves its alt text in its place and a remark. Nothing is written
 * here: `write` says which files to store (none on a dry run).
 */
export async function prepareChapterImages(
  html: string,
  images: Map<string, Buffer>,
  cache: Map<string, StoredImage | null>,
): Promise<{ html: string; files: StoredImage[]; unreadable: number }> {
  if (!html.includes(IMPORT_IMAGE_SCHEME) && !/src="data:image\//i.test(html)) {
    return { html, files: [], unreadable: 0 };
  }
  const document = parseHtml(html);
  const files: StoredImage[] = [];
  let unreadable = 0;
  for (const img of DomUtils.findAll((e: Element) => e.name === 'img', document.children)) {
    const src = img.attribs.src ?? '';
    let key: string | null = null;
    let bytes: Buffer | undefined;
    if (src.startsWith(IMPORT_IMAGE_SCHEME)) {
      key = src;
      bytes = images.get(src.slice(IMPORT_IMAGE_SCHEME.length));
    } else if (DATA_IMAGE.test(src)) {
      key = crypto.createHash('sha256').update(src).digest('hex');
      bytes = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
    }
    if (!key) continue;
    if (!cache.has(key)) cache.set(key, bytes ? await renderChapterImage(bytes).catch(() => null) : null);
    const stored = cache.get(key);
    if (!stored) {
      unreadable++;
      DomUtils.replaceElement(img, new Text(img.attribs.alt ?? ''));
      continue;
    }
    files.push(stored);
    img.attribs.src = `/media/${stored.name}`;
    img.attribs.width = String(stored.width);
    img.attribs.height = String(stored.height);
    img.attribs.alt = img.attribs.alt ?? '';
  }
  return { html: render(document.children, SERIALIZE), files, unreadable };
}

/** Stores the pictures prepared (each once; a file already there is the same content). */
export async function writeChapterImages(storage: MediaStorage, files: StoredImage[]): Promise<void> {
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.name)) continue;
    seen.add(file.name);
    if (!(await storage.stat(file.name))) await storage.write(file.name, file.bytes);
  }
}
