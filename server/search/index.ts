import { PostgresAdapter } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import { createFts5SearchIndex } from './fts5-search-index.ts';
import { createPostgresSearchIndex } from './postgres-search-index.ts';
import type { SearchIndex } from './search-index.ts';

/** The engine that matches the database: FTS5 on SQLite, tsvector + GIN on PostgreSQL. */
export function createSearchIndex(db: Executor): SearchIndex {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? createPostgresSearchIndex(db)
    : createFts5SearchIndex(db);
}
