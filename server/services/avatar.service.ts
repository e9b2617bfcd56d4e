import crypto from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_PRESETS } from '#common/constants.ts';
import type { User } from '#common/contracts/auth.schema.ts';
import { AppError } from '#server/errors.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { AuthService } from './auth.service.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const MEDIA_PREFIX = '/media/';

/** Avatars: any common image, cut to the 50×50 cover preset, stored as WebP under MEDIA_DIR/avatars. */
export function createAvatarService(deps: { storage: MediaStorage; auth: AuthService }) {
  return {
    async setAvatar(user: User, bytes: Uint8Array): Promise<User> {
      if (bytes.byteLength === 0)
        throw new AppError('VALIDATION_FAILED', 'Hãy chọn một ảnh.', { avatar: 'Hãy chọn một ảnh.' });
      if (bytes.byteLength > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Ảnh đại diện tối đa 5 MB.');
      const { width, height, fit } = IMAGE_PRESETS.avatar;
      let image: Buffer;
      try {
        // sharp reads the bytes themselves, whatever the file was called: a non-image fails here.
        image = await sharp(bytes, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(width, height, { fit })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Tệp này không phải là ảnh (JPEG, PNG, WebP, GIF, AVIF…).', {
          avatar: 'Tệp này không phải là ảnh.',
        });
      }
      const name = `avatars/u${user.id}-${crypto.randomBytes(6).toString('hex')}.webp`;
      await deps.storage.write(name, image);
      const updated = await deps.auth.setAvatar(user.id, `${MEDIA_PREFIX}${name}`);
      if (user.avatar?.startsWith(`${MEDIA_PREFIX}avatars/`))
        await deps.storage.remove(user.avatar.slice(MEDIA_PREFIX.length));
      return updated;
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
