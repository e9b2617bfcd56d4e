import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, expect } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { ensurePostgresClient } from '../../../scripts/ensure-system-tools.mjs';
import { newReader } from '../../factories/reader.ts';
import { createTestDatabase } from '../../support/databases.ts';
import { runCli, startLibraryServer, type LibraryServer } from './library-server.ts';

/**
 * Libraries for the backup round trips (tests/e2e/backup-restore*.test.ts): where one lives, the
 * built server on it, a backup of it, and what it holds read straight from its database.
 */
const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** An empty PostgreSQL database (no migration run): where a restore goes. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `phap_bao_test_${process.pid}_restore_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Every table's rows, each row as JSON, sorted: two libraries are equal when these are. */
export async function tablesOf(
  engine: string,
  where: { file?: string; url?: string },
): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  if (engine === 'sqlite') {
    const db = new Sqlite(where.file!, { readonly: true });
    const names = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .all() as { name: string }[];
    for (const { name } of names) {
      tables[name] = (db.prepare(`SELECT * FROM "${name}"`).all() as unknown[]).map((r) => JSON.stringify(r)).sort();
    }
    db.close();
  } else {
    const client = new pg.Client({ connectionString: where.url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    for (const { name } of rows) {
      tables[name] = (await client.query(`SELECT * FROM public."${name}"`)).rows.map((r) => JSON.stringify(r)).sort();
    }
    await client.end();
  }
  return tables;
}

/** Temporary folders, databases and servers of one describe block, removed after it (last made, first removed). */
export function scratchSpace() {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return {
    later(cleanup: () => Promise<void> | void): void {
      cleanups.push(cleanup);
    },
    tempDir(prefix: string): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
}
export type ScratchSpace = ReturnType<typeof scratchSpace>;

/** Where a library keeps its data: `DATA_DIR`, and on PostgreSQL its database; `env` names both (and any storage given). */
export interface LibraryPlace {
  dir: string;
  /** The PostgreSQL database, '' on SQLite. */
  url: string;
  env: Record<string, string>;
}

/**
 * An empty place for a library (no SQLite file; on PostgreSQL an empty database, no migration
 * run): where a restore goes. `env` adds settings such as an S3 bucket's.
 */
export async function emptyLibraryPlace(
  engine: string,
  scratch: ScratchSpace,
  prefix: string,
  env: Record<string, string> = {},
): Promise<LibraryPlace> {
  const dir = scratch.tempDir(prefix);
  let url = '';
  if (engine === 'postgres') {
    const target = await emptyPostgresDatabase();
    url = target.url;
    scratch.later(() => target.drop());
  }
  return { dir, url, env: { DATA_DIR: dir, DATABASE_URL: url, ...env } };
}

/** The built server on a fresh place with the demo library imported; killed after the block if still running. */
export async function startDemoLibrary(
  engine: string,
  scratch: ScratchSpace,
  prefix: string,
  env: Record<string, string> = {},
): Promise<LibraryPlace & { server: LibraryServer }> {
  if (engine === 'postgres') ensurePostgresClient();
  const dir = scratch.tempDir(prefix);
  let url = '';
  if (engine === 'postgres') {
    const source = await createTestDatabase('postgres');
    await source.database.close();
    url = source.url!;
    scratch.later(() => source.drop());
  }
  const place = { dir, url, env: { DATA_DIR: dir, DATABASE_URL: url, ...env } };
  const server = await startLibraryServer({ ...place.env, IMPORT_DEMO_CONTENT: 'true' });
  scratch.later(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  return { ...place, server };
}

/** Every table's rows of the library at `place` (see `tablesOf`). */
export function tablesAt(engine: string, place: LibraryPlace): Promise<Record<string, string[]>> {
  return tablesOf(engine, { file: path.join(place.dir, 'phap-bao.sqlite'), url: place.url });
}

/** The same tables, each with the same rows; a table that differs is named. */
export function expectSameTables(actual: Record<string, string[]>, expected: Record<string, string[]>): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table]);
}

/** A new reader signed up through the server's API; their session token. */
export async function registerThrough(server: LibraryServer): Promise<string> {
  const reader = newReader();
  const registered = await fetch(`${server.baseURL}/api/v1/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
  });
  expect(registered.status).toBe(201);
  return ((await registered.json()) as { data: { token: string } }).data.token;
}

/** A PNG avatar of one colour uploaded for the reader: a media file of their own. */
export async function uploadAvatar(server: LibraryServer, token: string, background: string): Promise<void> {
  const form = new FormData();
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background } })
    .png()
    .toBuffer();
  form.append('avatar', new File([png], 'anh.png', { type: 'image/png' }));
  const avatar = await fetch(`${server.baseURL}/api/v1/me/avatar`, {
    method: 'POST',
    body: form,
    headers: { 'x-token': token },
  });
  expect(avatar.status).toBe(200);
}

export interface BackupManifest {
  engine: string;
  tables: Record<string, number>;
  media: { path: string; size: number; sha256: string }[];
}

/** `npm run backup -- --out <new folder>` of the library at `env`, checked to succeed; the backup's folder and manifest. */
export async function backUp(
  env: Record<string, string>,
  scratch: ScratchSpace,
  prefix: string,
): Promise<{ dir: string; manifest: BackupManifest }> {
  const backup = await runCli('backup.ts', ['--out', scratch.tempDir(prefix)], env);
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  const dir = backup.stdout.trim().split('\n').at(-1)!;
  return { dir, manifest: JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest };
}

/** `npm run restore -- <dir>` into the library at `env`, checked to succeed. */
export async function restore(dir: string, env: Record<string, string>, ...args: string[]): Promise<void> {
  const restored = await runCli('restore.ts', [dir, ...args], env);
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
}

/** The restore refuses to write over a library that has content, saying so. */
export async function expectRestoreRefusedOverContent(dir: string, env: Record<string, string>): Promise<void> {
  const again = await runCli('restore.ts', [dir], env);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain('Không khôi phục đè lên dữ liệu đang có');
  expect(again.stderr).toContain('--force');
}
