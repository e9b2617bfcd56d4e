import crypto from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_PRESETS } from '#common/constants.ts';
import { COVER_WIDTHS, coverAtWidth } from '#common/covers.ts';
import { AppError } from '#server/errors.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { Repositories } from '#server/repositories/index.ts';

export const COVER_MAX_BYTES = 10 * 1024 * 1024;
const MEDIA_PREFIX = '/media/';

/**
 * Book covers: any common image, cut to the 3:4 bookCover preset (cover fit) at three widths
 * (150, 300, 600) as WebP under MEDIA_DIR/covers, so pages can offer a responsive srcset.
 */
export function createCoverService(deps: { repos: Repositories; storage: MediaStorage }) {
  const { width, height, fit } = IMAGE_PRESETS.bookCover;
  return {
    async setBookCover(bookCode: string, bytes: Uint8Array): Promise<string> {
      if (bytes.byteLength === 0 || bytes.byteLength > COVER_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'Ảnh bìa phải có nội dung và không quá 10 MB.');
      }
      const book = await deps.repos.books.findByCode(bookCode, ['published', 'draft', 'pending']);
      if (!book) throw new AppError('NOT_FOUND', 'Không tìm thấy cuốn sách này.');
      let variants: { width: number; image: Buffer }[];
      try {
        const source = sharp(bytes, { limitInputPixels: 60_000_000 }).rotate();
        variants = await Promise.all(
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
      const base = `covers/${book.code}-${crypto.randomBytes(4).toString('hex')}`;
      for (const v of variants) await deps.storage.write(`${base}-${v.width}.webp`, v.image);
      const url = `${MEDIA_PREFIX}${base}-${width}.webp`;
      await deps.repos.books.updateCover(book.id, url, new Date().toISOString());
      if (book.cover_image?.startsWith(`${MEDIA_PREFIX}covers/`)) {
        for (const w of COVER_WIDTHS)
          await deps.storage.remove(coverAtWidth(book.cover_image, w).slice(MEDIA_PREFIX.length));
      }
      return url;
    },
  };
}

export type CoverService = ReturnType<typeof createCoverService>;
