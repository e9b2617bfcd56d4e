import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '#server/db/schema.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, loginAdmin, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

/** Tables whose every write changes some anonymous page: each must move the generation. */
const CONTENT_TABLES = [
  'books',
  'chapters',
  'audio_collections',
  'audio_talks',
  'videos',
  'article_categories',
  'articles',
  'compilations',
  'compilation_items',
  'quotes',
  'home_keywords',
  'footer_quotes',
];
/** Tables anonymous pages show in part: shared note groups, their notes, their authors' names. */
const PARTLY_CONTENT_TABLES = ['note_groups', 'notes', 'users'];
/** Tables no cached page shows (why, in a word each). */
const OTHER_TABLES = [
  'meta', // installation facts
  'content_generation', // the counter itself
  'sessions', // accounts
  'user_identities',
  'login_codes',
  'login_devices',
  'password_resets',
  'moderation_events', // the queue's history; the group's own row carries its state
  'import_records', // what an import saw; the imported rows are content
  'audit_log',
  // Readers' corrections: pages show only the accepted ones' authors, and accepting changes the
  // chapter or talk (content) in the same transaction.
  'corrections',
  'favorite_books', // a reader's own things
  'reading_history',
  'playback_positions',
  'talk_bookmarks',
  'removals', // when a reader removed their own things (offline writes sent late lose to it)
  'playlists',
  'playlist_items',
  'search_collections',
  'search_passages', // derived from content written in the same transaction
  'search_answers',
  'rate_windows', // login attempts
  'search_terms', // the postings index: derived from the passages, in the same transaction
  'search_term_kinds',
  'search_blocks',
  'search_query_counts', // only /search and /bai-viet/tim-kiem-nhieu show them: never cached
  'search_query_clients',
  'dictionaries', // looked up through the API, never in a page
  'dictionary_entries',
];

async function tablesOf(db: Kysely<DB>, engine: string): Promise<string[]> {
  const { rows } =
    engine === 'postgres'
      ? await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
          AND name NOT LIKE 'sqlite_%'`.execute(db);
  // Kysely's own bookkeeping and the search engine's internal tables (FTS5 shadow tables) are not ours.
  return rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith('kysely_') && !n.startsWith('search_fts'))
    .sort();
}

async function triggerEvents(db: Kysely<DB>, engine: string, table: string): Promise<string[]> {
  if (engine === 'postgres') {
    const { rows } = await sql<{ event: string }>`SELECT DISTINCT event_manipulation AS event
      FROM information_schema.triggers WHERE event_object_table = ${table}`.execute(db);
    return rows.map((r) => r.event).sort();
  }
  const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master
    WHERE type = 'trigger' AND tbl_name = ${table}`.execute(db);
  return [...new Set(rows.map((r) => /AFTER (INSERT|UPDATE|DELETE)/.exec(r.sql)?.[1] ?? '?'))].sort();
}

const generation = async (db: Kysely<DB>) =>
  Number((await db.selectFrom('content_generation').select('value').executeTakeFirstOrThrow()).value);

class Rollback extends Error {}

/** Runs `work` in a transaction that is rolled back; returns how far the generation moved inside it. */
async function movedInside(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<unknown>): Promise<number> {
  let moved = 0;
  await db
    .transaction()
    .execute(async (trx) => {
      const before = await generation(trx);
      await work(trx);
      moved = (await generation(trx)) - before;
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return moved;
}

describe.each(engines)('content generation on %s', (engine) => {
  let t: TestApp;
  let db: Kysely<DB>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    db = t.db.database.db;
  });
  afterAll(async () => {
    await t.close();
  });

  it('classifies every table of the schema: a new table fails here until it is', async () => {
    expect(await tablesOf(db, engine)).toEqual([...CONTENT_TABLES, ...PARTLY_CONTENT_TABLES, ...OTHER_TABLES].sort());
  });

  it('has insert, update and delete triggers on every content table', async () => {
    for (const table of CONTENT_TABLES) {
      expect({ table, events: await triggerEvents(db, engine, table) }).toEqual({
        table,
        events: ['DELETE', 'INSERT', 'UPDATE'],
      });
    }
  });

  it.each(CONTENT_TABLES)('an update of %s moves the generation in its own transaction', async (table) => {
    const { rows } = await sql<{ id: number }>`SELECT min(id) AS id FROM ${sql.table(table)}`.execute(db);
    expect(rows[0]?.id, `${table} has rows in the demo library`).not.toBeNull();
    const moved = await movedInside(db, (trx) =>
      sql`UPDATE ${sql.table(table)} SET id = id WHERE id = ${rows[0]!.id}`.execute(trx),
    );
    expect(moved).toBeGreaterThan(0);
  });

  it('a rolled-back write leaves the generation where it was; a committed one moves it for everyone', async () => {
    const before = await generation(db);
    await movedInside(db, (trx) => sql`UPDATE books SET title = title || ' x'`.execute(trx));
    expect(await generation(db)).toBe(before);
    await t.services.site.contentGeneration();
    await sql`UPDATE footer_quotes SET text = text WHERE id = (SELECT min(id) FROM footer_quotes)`.execute(db);
    expect(await t.services.site.contentGeneration()).toBeGreaterThan(before);
  });

  it('administration writes through the API move it (footer quotes, home keywords)', async () => {
    const { token } = await loginAdmin(t);
    const api = apiClient(t);
    const quotes = await t.services.site.listFooterQuotes();
    let before = await t.services.site.contentGeneration();
    const res = await api.put(
      '/admin/footer_quotes',
      { quotes: [{ ...quotes[0], text: 'Lời trích mới' }, ...quotes.slice(1)] },
      { as: token },
    );
    expect(res.status).toBe(200);
    expect(await t.services.site.contentGeneration()).toBeGreaterThan(before);

    before = await t.services.site.contentGeneration();
    const keywords = await t.services.home.listKeywords();
    const put = await api.put('/admin/home_keywords', { keywords: [...keywords.slice(1), keywords[0]] }, { as: token });
    expect(put.status).toBe(200);
    expect(await t.services.site.contentGeneration()).toBeGreaterThan(before);
  });

  it('a reader’s private things do not move it; a shared note group, its notes and its author’s name do', async () => {
    const token = await registerReader(t);
    const user = await t.services.auth.authenticate(token);
    const chapter = await db.selectFrom('chapters').select(['id', 'book_id']).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const group = (visibility: 'private' | 'public', state: 'none' | 'approved') =>
      db
        .insertInto('note_groups')
        .values({
          user_id: user!.id,
          name: 'Nhóm',
          description: null,
          visibility,
          moderation_state: state,
          moderation_reason: null,
          moderated_at: null,
          submitted_at: null,
          approved_at: null,
          featured_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const note = (groupId: number | null) =>
      db
        .insertInto('notes')
        .values({
          user_id: user!.id,
          book_id: chapter.book_id,
          chapter_id: chapter.id,
          note_group_id: groupId,
          color: 'yellow',
          content: 'Câu trích',
          body: null,
          anchor: null,
          source_title: null,
          source_url: null,
          position: 1,
          visibility: 'private',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

    let before = await generation(db);
    const privateGroup = await group('private', 'none');
    await note(null);
    await note(privateGroup.id);
    await db.updateTable('users').set({ updated_at: now }).where('id', '=', user!.id).execute();
    await db
      .insertInto('favorite_books')
      .values({ user_id: user!.id, book_id: chapter.book_id, created_at: now })
      .execute();
    expect(await generation(db)).toBe(before);

    const shared = await group('private', 'none');
    await db
      .updateTable('note_groups')
      .set({ visibility: 'public', moderation_state: 'approved' })
      .where('id', '=', shared.id)
      .execute();
    expect(await generation(db)).toBeGreaterThan(before);
    before = await generation(db);
    const sharedNote = await note(shared.id);
    expect(await generation(db)).toBeGreaterThan(before);
    before = await generation(db);
    await db.deleteFrom('notes').where('id', '=', sharedNote.id).execute();
    expect(await generation(db)).toBeGreaterThan(before);
    before = await generation(db);
    await db.updateTable('users').set({ display_name: 'Tên mới' }).where('id', '=', user!.id).execute();
    expect(await generation(db)).toBeGreaterThan(before);
    before = await generation(db);
    await db.deleteFrom('note_groups').where('id', '=', shared.id).execute();
    expect(await generation(db)).toBeGreaterThan(before);
  });
});
