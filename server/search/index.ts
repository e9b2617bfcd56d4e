import { PostgresAdapter } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import { createFts5SearchIndex } from './fts5-search-index.ts';
import { createPostgresSearchIndex, type PostgresSearchOptions } from './postgres-search-index.ts';
import type { SearchIndex } from './search-index.ts';
import { withTermHeads, type TermHeads } from './term-heads.ts';

/**
 * The engine that matches the database (FTS5 on SQLite, tsvector + GIN on PostgreSQL), with the
 * head tier of frequent words (term-heads.ts) kept in step by the same writes.
 */
export function createSearchIndex(
  db: Executor,
  options: PostgresSearchOptions = {},
): SearchIndex & { heads: TermHeads } {
  const engine =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? createPostgresSearchIndex(db, options)
      : createFts5SearchIndex(db);
  return withTermHeads(db, engine);
}
