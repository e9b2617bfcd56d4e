// The benchmarks' databases: a fresh SQLite file, and a fresh PostgreSQL database when one answers
// (TEST_DATABASE_URL / DATABASE_URL, else 127.0.0.1:5432), both migrated; `close()` removes both.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

/** True when something listens at host:port (within 0.8 s). */
export function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(800, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function benchDatabases(name: string): Promise<{
  sqlite: Database;
  postgres: Database | null;
  close: () => Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `phap-bao-${name}-`));
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const sqlite = openDatabase({ sqlitePath: path.join(dir, 'bench.sqlite') });
    cleanups.push(() => sqlite.close());
    await migrateToLatest(sqlite);

    const adminUrl =
      process.env.TEST_DATABASE_URL ??
      process.env.DATABASE_URL ??
      ((await answers('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : null);
    if (!adminUrl) return { sqlite, postgres: null, close };
    const database = `phap_bao_bench_${name.replace(/\W/g, '_')}_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    cleanups.push(async () => {
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await drop.end();
    });
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const postgres = openDatabase({ databaseUrl: url.toString() });
    cleanups.push(() => postgres.close());
    await migrateToLatest(postgres);
    return { sqlite, postgres, close };
  } catch (error) {
    await close();
    throw error;
  }
}
