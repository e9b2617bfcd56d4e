import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase, type DialectName } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createTestDatabase } from './databases.ts';
import { createTestApp } from './test-app.ts';

/**
 * The demo library imported once, kept for the test files that start from it (decision 0056):
 * SQLite as a database file, PostgreSQL as a template database, and the media the import wrote.
 */
export interface DemoLibraryImage {
  sqliteFile?: string;
  postgresTemplate?: string;
  mediaDir: string;
}

const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Imports the demo content into a new library of `engine` the way createTestApp does, and keeps it. */
export async function makeDemoLibraryImage(
  engine: DialectName,
): Promise<{ image: DemoLibraryImage; remove(): Promise<void> }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `phap-bao-demo-${engine}-`));
  const mediaDir = path.join(folder, 'media');
  if (engine === 'sqlite') {
    const sqliteFile = path.join(folder, 'demo.sqlite');
    const database = openDatabase({ sqlitePath: sqliteFile });
    await migrateToLatest(database);
    const t = await createTestApp(engine, { database: { database, drop: () => database.close() } });
    fs.cpSync(t.mediaDir, mediaDir, { recursive: true });
    await t.close();
    // Out of WAL, so the file's bytes alone are the whole database (read into memory by copyTestDatabase).
    const file = new SQLite(sqliteFile);
    file.pragma('journal_mode = DELETE');
    file.close();
    return { image: { sqliteFile, mediaDir }, remove: async () => fs.rmSync(folder, { recursive: true, force: true }) };
  }
  const made = await createTestDatabase('postgres');
  const template = new URL(made.url!).pathname.slice(1);
  const t = await createTestApp(engine, { database: { ...made, drop: () => made.database.close() } });
  fs.cpSync(t.mediaDir, mediaDir, { recursive: true });
  // Closed, not dropped: no connection may stay open on a template while a database is made from it.
  await t.close();
  return {
    image: { postgresTemplate: template, mediaDir },
    async remove() {
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
