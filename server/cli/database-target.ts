import path from 'node:path';
import type { Env } from '#server/env.ts';
import type { DatabaseTarget } from '#server/services/backup.service.ts';

/** The database the settings name: DATABASE_URL's PostgreSQL, else the SQLite file in DATA_DIR (as server/main.ts opens it). */
export function databaseTargetOf(env: Env): DatabaseTarget {
  return env.DATABASE_URL
    ? { engine: 'postgres', url: env.DATABASE_URL }
    : { engine: 'sqlite', file: path.join(env.DATA_DIR, 'phap-bao.sqlite') };
}
