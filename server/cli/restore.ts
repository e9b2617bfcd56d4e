/**
 * npm run restore -- THƯ_MỤC [--force]
 * Restores a backup folder made by `npm run backup` into the configured database (DATA_DIR's SQLite
 * file, or DATABASE_URL) and MEDIA_DIR. Checks everything first — the manifest, the engine, that
 * the backup's schema is not newer than this code, the database file's and every media file's size
 * and SHA-256 — and writes nothing when a check fails. Refuses a database or media folder that
 * already has content unless --force (which replaces it; stop the server first).
 * docs/deploy.md, "Backups".
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, loadEnv } from '#server/env.ts';
import { isAppError } from '#server/errors.ts';
import { openMediaStorage } from '#server/media/open-media-storage.ts';
import { createBackupService } from '#server/services/backup.service.ts';
import { databaseTargetOf } from './database-target.ts';

const USAGE = 'Cách dùng: npm run restore -- THƯ_MỤC_SAO_LƯU [--force]';

async function main() {
  let dir: string | undefined;
  let force = false;
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean', default: false } },
    });
    dir = positionals[0];
    force = values.force;
  } catch {
    throw new Error(USAGE);
  }
  if (!dir) throw new Error(USAGE);
  const env = loadEnv();
  const backups = createBackupService({ target: databaseTargetOf(env), media: openMediaStorage(env) });
  const outcome = await backups.restore(path.resolve(dir), { force });
  console.log(
    `Đã khôi phục bản sao lưu lúc ${outcome.manifest.createdAt} (${outcome.manifest.engine}, lược đồ ` +
      `${outcome.manifest.migration ?? '—'}): ${outcome.tables} bảng, ${outcome.rows} dòng (khớp manifest), ` +
      `${outcome.mediaFiles} tệp media (đã kiểm SHA-256).`,
  );
  if (outcome.mediaRemoved > 0) console.log(`Đã xoá ${outcome.mediaRemoved} tệp media không có trong bản sao lưu.`);
  if (outcome.pendingMigrations > 0) {
    console.log(`Máy chủ sẽ áp dụng ${outcome.pendingMigrations} bản cập nhật lược đồ khi khởi động.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof Error || isAppError(error) ? error.message : error);
  process.exit(1);
});
