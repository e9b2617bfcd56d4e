/**
 * npm run backup -- [--out THƯ_MỤC]
 * Backs up the whole library while the site keeps running: the database (SQLite through its online
 * backup API, PostgreSQL through pg_dump) and every media file, into a new folder
 * phap-bao-YYYYMMDD-HHMMSS inside THƯ_MỤC (default ./backups) with a manifest.json (engine,
 * migration, time, rows per table, each media file's size and SHA-256). Prints the folder's path.
 * Exit code 1 when it failed; a failed backup leaves no folder. docs/deploy.md, "Backups".
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, loadEnv } from '#server/env.ts';
import { isAppError } from '#server/errors.ts';
import { openMediaStorage } from '#server/media/open-media-storage.ts';
import { createBackupService } from '#server/services/backup.service.ts';
import { databaseTargetOf } from './database-target.ts';

const USAGE = 'Cách dùng: npm run backup -- [--out THƯ_MỤC] (mặc định ./backups)';

async function main() {
  let out: string;
  try {
    const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
    out = values.out;
  } catch {
    throw new Error(USAGE);
  }
  const env = loadEnv();
  const backups = createBackupService({ target: databaseTargetOf(env), media: openMediaStorage(env) });
  const { dir, manifest } = await backups.create(path.resolve(out));
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const bytes = manifest.media.reduce((sum, m) => sum + m.size, 0);
  console.log(
    `Đã sao lưu (${manifest.engine}, lược đồ ${manifest.migration ?? '—'}): ` +
      `${Object.keys(manifest.tables).length} bảng, ${rows} dòng, ${manifest.media.length} tệp media ` +
      `(${(bytes / 1024 / 1024).toFixed(1)} MB).`,
  );
  console.log(dir);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof Error || isAppError(error) ? error.message : error);
  process.exit(1);
});
