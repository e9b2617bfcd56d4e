import fs from 'node:fs';
import type { Env } from '#server/env.ts';
import { createDiskMediaStorage, type MediaStorage } from './media-storage.ts';
import { createS3MediaStorage, s3SettingsOf } from './s3-media-storage.ts';

/** The media storage the settings name: the bucket when MEDIA_S3_BUCKET is set, else the folder MEDIA_DIR. */
export function openMediaStorage(env: Env): MediaStorage {
  const s3 = s3SettingsOf(env);
  if (s3) return createS3MediaStorage(s3);
  fs.mkdirSync(env.MEDIA_DIR, { recursive: true });
  return createDiskMediaStorage(env.MEDIA_DIR);
}
