import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * The content generation: one counter that every write changing what anonymous pages show moves
 * on, by database triggers, in the writing transaction itself (docs/decisions/0017). The page cache
 * (server/page-cache/) keeps a page only while the counter is where it was when it was rendered.
 *
 * The lists below are frozen with this migration: a table added later that pages show gets its own
 * triggers in its own migration (tests/api/content-generation.test.ts fails until it is classified).
 */

/** Any row written here changes some page. */
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

const BUMP = 'UPDATE content_generation SET value = value + 1 WHERE id = 1';

/** A note group anyone may read: public and approved (server/repositories/note-group.repository.ts). */
const sharedGroup = (row: 'OLD' | 'NEW') => `(${row}.visibility = 'public' AND ${row}.moderation_state = 'approved')`;
const noteInSharedGroup = (ids: string) =>
  `EXISTS (SELECT 1 FROM note_groups g WHERE g.id IN (${ids}) AND g.visibility = 'public' AND g.moderation_state = 'approved')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_generation')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO content_generation (id, value) VALUES (1, 0)`.execute(db);
  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

async function createSqliteTriggers(db: Kysely<unknown>) {
  const trigger = (name: string, event: string, table: string, when?: string) =>
    sql
      .raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table}${when ? ` WHEN ${when}` : ''} BEGIN ${BUMP}; END`)
      .execute(db);
  for (const table of CONTENT_TABLES) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await trigger(`content_generation_${table}_${event.toLowerCase()}`, event, table);
    }
  }
  // Readers' own things count only where anonymous pages show them: shared note groups and their notes.
  await trigger('content_generation_note_groups_insert', 'INSERT', 'note_groups', sharedGroup('NEW'));
  await trigger(
    'content_generation_note_groups_update',
    'UPDATE',
    'note_groups',
    `${sharedGroup('OLD')} OR ${sharedGroup('NEW')}`,
  );
  await trigger('content_generation_note_groups_delete', 'DELETE', 'note_groups', sharedGroup('OLD'));
  await trigger('content_generation_notes_insert', 'INSERT', 'notes', noteInSharedGroup('NEW.note_group_id'));
  await trigger(
    'content_generation_notes_update',
    'UPDATE',
    'notes',
    noteInSharedGroup('OLD.note_group_id, NEW.note_group_id'),
  );
  await trigger('content_generation_notes_delete', 'DELETE', 'notes', noteInSharedGroup('OLD.note_group_id'));
  // Shared groups show their author's name and address.
  await trigger(
    'content_generation_users_update',
    'UPDATE',
    'users',
    'OLD.display_name IS NOT NEW.display_name OR OLD.username IS NOT NEW.username OR OLD.avatar IS NOT NEW.avatar',
  );
}

async function createPostgresTriggers(db: Kysely<unknown>) {
  await sql
    .raw(
      `CREATE FUNCTION content_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN ${BUMP}; RETURN NULL; END $$`,
    )
    .execute(db);
  // A note counts when the group it was or is in is shared (a WHEN clause cannot hold a subquery here).
  await sql
    .raw(
      `CREATE FUNCTION content_generation_bump_for_note() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF (TG_OP <> 'INSERT' AND ${noteInSharedGroup('OLD.note_group_id')})
            OR (TG_OP <> 'DELETE' AND ${noteInSharedGroup('NEW.note_group_id')}) THEN
           ${BUMP};
         END IF;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  const trigger = (name: string, event: string, table: string, level: 'STATEMENT' | 'ROW', when?: string) =>
    sql
      .raw(
        `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ${level}${when ? ` WHEN (${when})` : ''} ` +
          `EXECUTE FUNCTION ${table === 'notes' ? 'content_generation_bump_for_note' : 'content_generation_bump'}()`,
      )
      .execute(db);
  for (const table of CONTENT_TABLES) {
    // TRUNCATE too: the demo import's and tests' clean-ups may use it.
    await trigger(`content_generation_${table}`, 'INSERT OR UPDATE OR DELETE OR TRUNCATE', table, 'STATEMENT');
  }
  await trigger('content_generation_note_groups_insert', 'INSERT', 'note_groups', 'ROW', sharedGroup('NEW'));
  await trigger(
    'content_generation_note_groups_update',
    'UPDATE',
    'note_groups',
    'ROW',
    `${sharedGroup('OLD')} OR ${sharedGroup('NEW')}`,
  );
  await trigger('content_generation_note_groups_delete', 'DELETE', 'note_groups', 'ROW', sharedGroup('OLD'));
  await trigger('content_generation_notes', 'INSERT OR UPDATE OR DELETE', 'notes', 'ROW');
  await trigger(
    'content_generation_users_update',
    'UPDATE',
    'users',
    'ROW',
    'OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD.username IS DISTINCT FROM NEW.username ' +
      'OR OLD.avatar IS DISTINCT FROM NEW.avatar',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // Dropping the functions drops every trigger that runs them.
    await sql`DROP FUNCTION IF EXISTS content_generation_bump() CASCADE`.execute(db);
    await sql`DROP FUNCTION IF EXISTS content_generation_bump_for_note() CASCADE`.execute(db);
  } else {
    const { rows } = await sql<{
      name: string;
    }>`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'content_generation_%'`.execute(db);
    for (const { name } of rows) await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  }
  await db.schema.dropTable('content_generation').ifExists().execute();
}
