import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { createRoutingPool } from './replica-routing.ts';
import type { DB } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

/** The open database: the Kysely instance, which engine it runs on, and how to close it. */
export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections, for /metrics (server/http/metrics.ts). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** What repositories run queries on: the database itself or a transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;

export interface DatabaseOptions {
  /** A postgres:// URL; when absent, SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  /** A streaming replica of `databaseUrl`: anonymous reads may go there (server/db/replica-routing.ts). */
  replicaUrl?: string | undefined;
  /** Told when a read on the replica failed and ran again on the primary. */
  onReplicaError?: (error: unknown) => void;
  /** A file path, or ':memory:'. */
  sqlitePath?: string;
  /** SQLite in memory, started from the bytes of a database file (the tests' copy of an imported library). */
  sqliteImage?: Buffer;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool opens a new one for the next query.
    pool.on('error', () => {});
    let routed: ReturnType<typeof createRoutingPool> | null = null;
    if (options.replicaUrl) {
      const replica = new pg.Pool({ connectionString: options.replicaUrl, max: 10 });
      replica.on('error', () => {});
      routed = createRoutingPool(pool, replica, options.onReplicaError);
    }
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: routed ?? pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const file = options.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(options.sqliteImage ?? file);
  // WAL lets readers and the one writer work at once; foreign keys are off in SQLite unless asked.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
