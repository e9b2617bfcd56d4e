/**
 * Whole-database copies for `npm run backup` / `npm run restore` (server/services/backup.service.ts):
 * SQLite through its online backup API, PostgreSQL through pg_dump -Fc / pg_restore, and the row
 * count of every table. Like server/repositories/, a place where SQL runs (docs/ARCHITECTURE.md):
 * here on the engines' own drivers and tools, because these copy the database as a whole.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { AppError } from '#server/errors.ts';

const run = promisify(execFile);

/** What a copy holds: the last migration applied and the rows of each table. */
export interface DatabaseInventory {
  migration: string | null;
  tables: Record<string, number>;
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** Kysely's record of the migrations applied (server/db/migrate.ts). */
const MIGRATION_TABLE = 'kysely_migration';

function inventoryOfSqlite(db: SQLite.Database): DatabaseInventory {
  const names = (
    db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .all() as {
      name: string;
    }[]
  ).map((r) => r.name);
  const tables: Record<string, number> = {};
  for (const name of names) {
    tables[name] = Number((db.prepare(`SELECT count(*) AS n FROM ${quoteName(name)}`).get() as { n: number }).n);
  }
  const migration = names.includes(MIGRATION_TABLE)
    ? ((db.prepare(`SELECT max(name) AS name FROM ${MIGRATION_TABLE}`).get() as { name: string | null }).name ?? null)
    : null;
  return { migration, tables };
}

async function inventoryOfPostgres(client: pg.ClientBase): Promise<DatabaseInventory> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const tables: Record<string, number> = {};
  for (const { name } of rows) {
    const counted = await client.query<{ n: string }>(`SELECT count(*) AS n FROM public.${quoteName(name)}`);
    tables[name] = Number(counted.rows[0]!.n);
  }
  let migration: string | null = null;
  if (rows.some((r) => r.name === MIGRATION_TABLE)) {
    const last = await client.query<{ name: string | null }>(`SELECT max(name) AS name FROM public.${MIGRATION_TABLE}`);
    migration = last.rows[0]?.name ?? null;
  }
  return { migration, tables };
}

/**
 * Copies a live SQLite database (WAL mode, the site running) to `destFile` with SQLite's online
 * backup API, all pages in one step: one read transaction, so the copy is one moment of the
 * database and writers are never blocked. Returns what the copy holds, after its integrity check.
 */
export async function backupSqlite(sourceFile: string, destFile: string): Promise<DatabaseInventory> {
  if (!fs.existsSync(sourceFile)) {
    throw new AppError('NOT_FOUND', `Không tìm thấy cơ sở dữ liệu SQLite: ${sourceFile} (xem DATA_DIR).`);
  }
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(destFile, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  // The copy keeps the source's WAL mode; as a rollback-journal file it is one self-contained file
  // (the server turns WAL on again when it opens the restored file).
  const copy = new SQLite(destFile, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return inspectSqliteFile(destFile);
}

/** Opens a SQLite file read-only: its integrity check must be "ok"; returns what it holds. */
export function inspectSqliteFile(file: string): DatabaseInventory {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    if (integrity !== 'ok') {
      throw new AppError('BAD_REQUEST', `Tệp cơ sở dữ liệu ${file} bị hỏng (integrity_check: ${integrity}).`);
    }
    return inventoryOfSqlite(db);
  } finally {
    db.close();
  }
}

/** How many tables the SQLite database at `file` has (0 when the file is absent). */
export function countSqliteTables(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return Object.keys(inventoryOfSqlite(db).tables).length;
  } finally {
    db.close();
  }
}

/**
 * Puts a backup's SQLite file in place of `targetFile` (the server stopped): copied beside it,
 * the old file's WAL and shared-memory files removed, then renamed, so the target is never half written.
 */
export async function installSqlite(backupFile: string, targetFile: string): Promise<DatabaseInventory> {
  await fs.promises.mkdir(path.dirname(targetFile), { recursive: true });
  const temp = `${targetFile}.restoring`;
  await fs.promises.copyFile(backupFile, temp);
  for (const leftover of [`${targetFile}-wal`, `${targetFile}-shm`]) await fs.promises.rm(leftover, { force: true });
  await fs.promises.rename(temp, targetFile);
  return inspectSqliteFile(targetFile);
}

/** pg_dump or pg_restore: on the PATH (Debian's wrapper picks the newest), else the newest under /usr/lib/postgresql. */
export function findPostgresTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = path.join('/usr/lib/postgresql', version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new AppError(
    'NOT_FOUND',
    `Không tìm thấy ${name}. Cài gói Debian postgresql-client (sudo apt-get install -y postgresql-client), ` +
      'cùng phiên bản chính với máy chủ PostgreSQL hoặc mới hơn.',
  );
}

/** The URL without its password (which would show in the process list) and the password for PGPASSWORD. */
function toolConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new AppError('INTERNAL', `${path.basename(tool)} thất bại: ${stderr || (error as Error).message}`, undefined);
  }
}

/**
 * pg_dump -Fc of a live PostgreSQL database into `destFile`. The dump and the row counts come from
 * one snapshot (exported by a repeatable-read transaction and handed to pg_dump --snapshot), so
 * the counts written in the manifest are exactly the dump's.
 */
export async function backupPostgres(url: string, destFile: string): Promise<DatabaseInventory> {
  const tool = findPostgresTool('pg_dump');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const inventory = await inventoryOfPostgres(client);
    const connection = toolConnection(url);
    await runTool(
      tool,
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        '--file',
        destFile,
        '--dbname',
        connection.url,
      ],
      connection.env,
    );
    await client.query('COMMIT');
    return inventory;
  } finally {
    await client.end();
  }
}

/** How many tables the PostgreSQL database has in its public schema. */
export async function countPostgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * pg_restore of a backup's dump into the database at `url`, in one transaction (all or nothing).
 * With `replace`, the public schema is dropped and made again first: what the database held goes.
 */
export async function restorePostgres(
  url: string,
  dumpFile: string,
  options: { replace: boolean },
): Promise<DatabaseInventory> {
  const tool = findPostgresTool('pg_restore');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (options.replace) await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
    const connection = toolConnection(url);
    await runTool(
      tool,
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        '--dbname',
        connection.url,
        dumpFile,
      ],
      connection.env,
    );
    return await inventoryOfPostgres(client);
  } finally {
    await client.end();
  }
}
