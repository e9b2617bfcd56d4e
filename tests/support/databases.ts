import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { openDatabase, type Database, type DialectName } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

/** Where the PostgreSQL tests connect to create their own databases. */
const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function canConnect(url: string, timeoutMs = 800): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

let engines: Promise<DialectName[]> | null = null;

/** SQLite always; PostgreSQL too when DATABASE_URL is set or a server answers on 127.0.0.1:5432. */
export function availableEngines(): Promise<DialectName[]> {
  engines ??= (async () => {
    if (process.env.TEST_SKIP_POSTGRES === '1') return ['sqlite'];
    const explicit = Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
    const reachable = await canConnect(POSTGRES_ADMIN_URL);
    if (explicit && !reachable) throw new Error(`PostgreSQL at ${POSTGRES_ADMIN_URL} does not answer`);
    return reachable ? ['sqlite', 'postgres'] : ['sqlite'];
  })();
  return engines;
}

export interface TestDatabase {
  database: Database;
  /** PostgreSQL: the new database's address, for a server process of its own (tests/e2e/durability.test.ts). */
  url?: string;
  /** Closes the connection and drops the PostgreSQL database created for this test file. */
  drop(): Promise<void>;
}

/**
 * A new database holding what `image` holds: SQLite in memory from a database file's bytes, or a
 * PostgreSQL database made from a template database (CREATE DATABASE … TEMPLATE copies its files).
 */
export async function copyTestDatabase(
  engine: DialectName,
  image: { sqliteFile?: string; postgresTemplate?: string },
): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const database = openDatabase({ sqliteImage: fs.readFileSync(image.sqliteFile!) });
    return { database, drop: () => database.close() };
  }
  return newPostgresDatabase(`TEMPLATE ${image.postgresTemplate!}`);
}

/** A new, migrated, empty database of the given engine: in memory for SQLite, a fresh database for PostgreSQL. */
export async function createTestDatabase(engine: DialectName): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const database = openDatabase({ sqlitePath: ':memory:' });
    await migrateToLatest(database);
    return { database, drop: () => database.close() };
  }
  const made = await newPostgresDatabase('');
  await migrateToLatest(made.database);
  return made;
}

/** A new PostgreSQL database (`options`: what CREATE DATABASE is told besides its name). */
async function newPostgresDatabase(options: string): Promise<TestDatabase> {
  const name = `phap_bao_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} ${options}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
