import crypto from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_PRESETS } from '#common/constants.ts';
import { COVER_WIDTHS, coverAtWidth } from '#common/covers.ts';
import { AppError } from '#server/errors.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { Repositories } from '#server/repositories/index.ts';

export const COVER_MAX_BYTES = 10 * 1024 * 1024;
const MEDIA_PREFIX = '/media/';

export interface CoverVariant {
  width: number;
  image: Buffer;
}

/**
 * Any common image cut to the 3:4 bookCover preset (cover fit) at three widths (150, 300, 600)
 * as WebP, in memory. Throws (Vietnamese) when it is empty, too large or not an image.
 */
export async function renderCoverVariants(bytes: Uint8Array): Promise<CoverVariant[]> {
  const { width, height, fit } = IMAGE_PRESETS.bookCover;
  if (bytes.byteLength === 0 || bytes.byteLength > COVER_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Ảnh bìa phải có nội dung và không quá 10 MB.');
  }
  try {
    const source = sharp(bytes, { limitInputPixels: 60_000_000 }).rotate();
    return await Promise.all(
      COVER_WIDTHS.map(async (w) => ({
        width: w,
        image: await source
          .clone()
          .resize(w, Math.round((w * height) / width), { fit })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Tệp này không phải là ảnh.');
  }
}

/** Writes the variants under MEDIA_DIR/covers; returns the cover's address (its 300 px width). */
export async function writeCoverVariants(
  storage: MediaStorage,
  bookCode: string,
  variants: CoverVariant[],
): Promise<string> {
  const base = `covers/${bookCode}-${crypto.randomBytes(4).toString('hex')}`;
  for (const v of variants) await storage.write(`${base}-${v.width}.webp`, v.image);
  return `${MEDIA_PREFIX}${base}-${IMAGE_PRESETS.bookCover.width}.webp`;
}

/** Removes the files of a cover we made (an address under /media/covers/). */
export async function removeCoverFiles(storage: MediaStorage, coverImage: string | null): Promise<void> {
  if (!coverImage?.startsWith(`${MEDIA_PREFIX}covers/`)) return;
  for (const w of COVER_WIDTHS) await storage.remove(coverAtWidth(coverImage, w).slice(MEDIA_PREFIX.length));
}

/** Book covers, served from MEDIA_DIR/covers so pages can offer a responsive srcset. */
export function createCoverService(deps: { repos: Repositories; storage: MediaStorage }) {
  return {
    async setBookCover(bookCode: string, bytes: Uint8Array): Promise<string> {
      const book = await deps.repos.books.findByCode(bookCode, ['published', 'draft', 'pending']);
      if (!book) throw new AppError('NOT_FOUND', 'Không tìm thấy cuốn sách này.');
      const variants = await renderCoverVariants(bytes);
      const url = await writeCoverVariants(deps.storage, book.code, variants);
      await deps.repos.books.updateCover(book.id, url, new Date().toISOString());
      await removeCoverFiles(deps.storage, book.cover_image);
      return url;
    },
  };
}

export type CoverService = ReturnType<typeof createCoverService>;
