import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  backupPostgres,
  backupSqlite,
  countPostgresTables,
  countSqliteTables,
  inspectSqliteFile,
  installSqlite,
  restorePostgres,
  type DatabaseInventory,
} from '#server/db/backup/database-copy.ts';
import type { DialectName } from '#server/db/database.ts';
import { KNOWN_MIGRATIONS } from '#server/db/migrate.ts';
import { AppError } from '#server/errors.ts';
import { copyMediaIn, copyMediaOut, measureFile, verifyMediaCopies } from '#server/media/media-backup.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';

/** The small JSON file that describes a backup folder (docs/deploy.md, "Backups"). */
export const MANIFEST_FILE = 'manifest.json';
const MEDIA_FOLDER = 'media';
const DATABASE_FILES: Record<DialectName, string> = { sqlite: 'database.sqlite', postgres: 'database.pgdump' };

const ZBackupManifestSchema = z.object({
  format: z.literal('phap-bao-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** The last migration the database had (server/db/migrations). */
  migration: z.string().nullable(),
  database: z.object({ file: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  tables: z.record(z.string(), z.number().int().min(0)),
  media: z.array(
    z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});
export type BackupManifest = z.infer<typeof ZBackupManifestSchema>;

/** The database a backup is taken from or restored into. */
export type DatabaseTarget = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

export interface RestoreOutcome {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  mediaFiles: number;
  /** Media files the target held that the backup does not (removed with force). */
  mediaRemoved: number;
  /** The code has migrations the backup had not: the server applies them at its next start. */
  pendingMigrations: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A folder name that sorts by time: phap-bao-20261124-031500. */
function folderNameAt(date: Date): string {
  return (
    `phap-bao-${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}-` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  );
}

function sameCounts(a: Record<string, number>, b: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return names.filter((name) => a[name] !== b[name]).map((name) => `${name}: ${b[name] ?? '—'} / ${a[name] ?? '—'}`);
}

/**
 * Backups of the whole library — the database and every media file — into a folder with a
 * manifest, and their restoration into an empty database and media storage. The rules: a backup is
 * complete or absent (written under a temporary name); a restore checks everything before it
 * writes anything, refuses a backup of another engine or of newer code, and refuses to replace a
 * library that has content unless forced.
 */
export function createBackupService(deps: { target: DatabaseTarget; media: MediaStorage; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const { target } = deps;

  async function targetTables(): Promise<number> {
    return target.engine === 'sqlite' ? countSqliteTables(target.file) : countPostgresTables(target.url);
  }

  return {
    /** Writes a new backup folder inside `parentDir`; returns its path and manifest. */
    async create(parentDir: string): Promise<{ dir: string; manifest: BackupManifest }> {
      const createdAt = now();
      const dir = path.resolve(parentDir, folderNameAt(createdAt));
      if (fs.existsSync(dir)) throw new AppError('CONFLICT', `Thư mục sao lưu đã có: ${dir}`);
      const partial = `${dir}.dang-ghi`;
      await fs.promises.rm(partial, { recursive: true, force: true });
      await fs.promises.mkdir(partial, { recursive: true });
      try {
        const databaseFile = path.join(partial, DATABASE_FILES[target.engine]);
        // The database first, then the media: a file uploaded meanwhile is extra, never missing.
        const inventory: DatabaseInventory =
          target.engine === 'sqlite'
            ? await backupSqlite(target.file, databaseFile)
            : await backupPostgres(target.url, databaseFile);
        const media = await copyMediaOut(deps.media, path.join(partial, MEDIA_FOLDER));
        const manifest: BackupManifest = {
          format: 'phap-bao-backup',
          formatVersion: 1,
          createdAt: createdAt.toISOString(),
          engine: target.engine,
          migration: inventory.migration,
          database: { file: DATABASE_FILES[target.engine], ...(await measureFile(databaseFile)) },
          tables: inventory.tables,
          media,
        };
        await fs.promises.writeFile(path.join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
        await fs.promises.rename(partial, dir);
        return { dir, manifest };
      } catch (error) {
        await fs.promises.rm(partial, { recursive: true, force: true });
        throw error;
      }
    },

    /** Reads and checks a backup folder's manifest. */
    async readManifest(dir: string): Promise<BackupManifest> {
      const file = path.join(dir, MANIFEST_FILE);
      if (!fs.existsSync(file))
        throw new AppError('NOT_FOUND', `Không thấy ${MANIFEST_FILE} trong ${dir}: đây không phải một bản sao lưu.`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(await fs.promises.readFile(file, 'utf8'));
      } catch {
        throw new AppError('BAD_REQUEST', `${file} không phải JSON hợp lệ.`);
      }
      const result = ZBackupManifestSchema.safeParse(parsed);
      if (!result.success) throw new AppError('BAD_REQUEST', `${file} không đúng định dạng bản sao lưu.`);
      return result.data;
    },

    /**
     * Restores the backup in `dir`. Everything is checked first (manifest, engine, migration,
     * the database file's and each media file's size and SHA-256); nothing is written when a check fails.
     */
    async restore(dir: string, options: { force: boolean }): Promise<RestoreOutcome> {
      const manifest = await this.readManifest(dir);
      if (manifest.engine !== target.engine) {
        throw new AppError(
          'BAD_REQUEST',
          `Bản sao lưu này của ${manifest.engine}, còn cấu hình hiện tại dùng ${target.engine} (DATABASE_URL).`,
        );
      }
      const latest = KNOWN_MIGRATIONS[KNOWN_MIGRATIONS.length - 1]!;
      if (manifest.migration !== null && !KNOWN_MIGRATIONS.includes(manifest.migration)) {
        throw new AppError(
          'CONFLICT',
          manifest.migration > latest
            ? `Bản sao lưu có lược đồ mới hơn mã nguồn này (${manifest.migration}, mã nguồn đến ${latest}): cập nhật mã nguồn rồi khôi phục.`
            : `Bản sao lưu có lược đồ ${manifest.migration} mà mã nguồn này không biết.`,
        );
      }
      const databaseFile = path.join(dir, manifest.database.file);
      if (manifest.database.file !== DATABASE_FILES[manifest.engine] || !fs.existsSync(databaseFile)) {
        throw new AppError('BAD_REQUEST', `Thiếu tệp cơ sở dữ liệu ${manifest.database.file} trong bản sao lưu.`);
      }
      const measured = await measureFile(databaseFile);
      if (measured.size !== manifest.database.size || measured.sha256 !== manifest.database.sha256) {
        throw new AppError(
          'BAD_REQUEST',
          `Tệp ${manifest.database.file} của bản sao lưu đã bị thay đổi hoặc hỏng (SHA-256 không khớp).`,
        );
      }
      const problems = await verifyMediaCopies(path.join(dir, MEDIA_FOLDER), manifest.media);
      if (problems.length > 0) {
        throw new AppError(
          'BAD_REQUEST',
          `Bản sao lưu hỏng, không khôi phục gì: ${problems.length} tệp media không khớp manifest:\n  ${problems.join('\n  ')}`,
        );
      }
      if (target.engine === 'sqlite') {
        const inFile = inspectSqliteFile(databaseFile);
        const differences = sameCounts(manifest.tables, inFile.tables);
        if (differences.length > 0) {
          throw new AppError('BAD_REQUEST', `Số dòng trong tệp cơ sở dữ liệu khác manifest: ${differences.join(', ')}`);
        }
      }

      const tablesThere = await targetTables();
      const mediaThere = await deps.media.list();
      if (!options.force && (tablesThere > 0 || mediaThere.length > 0)) {
        const what = [
          tablesThere > 0 ? `cơ sở dữ liệu đích đã có ${tablesThere} bảng` : null,
          mediaThere.length > 0 ? `thư mục media đã có ${mediaThere.length} tệp` : null,
        ].filter(Boolean);
        throw new AppError(
          'CONFLICT',
          `Không khôi phục đè lên dữ liệu đang có (${what.join('; ')}). Khôi phục vào một cơ sở dữ liệu và thư mục media trống, ` +
            'hoặc thêm --force để xoá dữ liệu hiện có và thay bằng bản sao lưu (dừng máy chủ trước).',
        );
      }

      const restored =
        target.engine === 'sqlite'
          ? await installSqlite(databaseFile, target.file)
          : await restorePostgres(target.url, databaseFile, { replace: tablesThere > 0 });
      const differences = sameCounts(manifest.tables, restored.tables);
      if (differences.length > 0) {
        throw new AppError('INTERNAL', `Sau khi khôi phục, số dòng khác manifest: ${differences.join(', ')}`);
      }
      await copyMediaIn(deps.media, path.join(dir, MEDIA_FOLDER), manifest.media);
      const kept = new Set(manifest.media.map((m) => m.path));
      const extra = mediaThere.filter((name) => !kept.has(name));
      for (const name of extra) await deps.media.remove(name);

      const known = manifest.migration === null ? -1 : KNOWN_MIGRATIONS.indexOf(manifest.migration);
      return {
        manifest,
        tables: Object.keys(restored.tables).length,
        rows: Object.values(restored.tables).reduce((sum, n) => sum + n, 0),
        mediaFiles: manifest.media.length,
        mediaRemoved: extra.length,
        pendingMigrations: KNOWN_MIGRATIONS.length - 1 - known,
      };
    },
  };
}
