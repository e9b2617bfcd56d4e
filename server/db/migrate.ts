import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database.ts';
import * as m0001 from './migrations/0001-content.ts';
import * as m0002 from './migrations/0002-accounts.ts';
import * as m0003 from './migrations/0003-notes-favorites.ts';
import * as m0004 from './migrations/0004-reading-history.ts';
import * as m0005 from './migrations/0005-playback.ts';
import * as m0006 from './migrations/0006-search.ts';
import * as m0007 from './migrations/0007-talk-licence.ts';
import * as m0008 from './migrations/0008-talk-bookmarks.ts';
import * as m0009 from './migrations/0009-playlists.ts';
import * as m0010 from './migrations/0010-video-media.ts';
import * as m0011 from './migrations/0011-note-groups.ts';
import * as m0012 from './migrations/0012-import-records.ts';
import * as m0013 from './migrations/0013-audit-log.ts';
import * as m0014 from './migrations/0014-chapter-markdown.ts';
import * as m0015 from './migrations/0015-article-markdown.ts';
import * as m0016 from './migrations/0016-login-devices.ts';
import * as m0017 from './migrations/0017-login-code-binding.ts';
import * as m0018 from './migrations/0018-search-query-clients.ts';
import * as m0019 from './migrations/0019-content-generation.ts';
import * as m0020 from './migrations/0020-quote-meanings.ts';
import * as m0021 from './migrations/0021-password-resets.ts';
import * as m0022 from './migrations/0022-search-term-heads.ts';
import * as m0023 from './migrations/0023-book-identity-language.ts';
import * as m0024 from './migrations/0024-search-passage-lengths.ts';
import * as m0025 from './migrations/0025-rate-windows.ts';
import * as m0026 from './migrations/0026-offline-write-ids.ts';
import * as m0027 from './migrations/0027-corrections.ts';
import * as m0029 from './migrations/0029-dictionaries.ts';
import * as m0030 from './migrations/0030-bookmark-client-ids.ts';
import * as m0031 from './migrations/0031-search-postings.ts';
import * as m0032 from './migrations/0032-drop-search-term-heads.ts';
import * as m0033 from './migrations/0033-removals.ts';
import * as m0036 from './migrations/0036-dictionary-reading-folded.ts';
import * as m0037 from './migrations/0037-removals-by-time.ts';

/**
 * Every migration, in order. Listed here (not read from disk) so the bundled server carries them.
 * Add a new file as NNNN-what.ts and one line below; never edit a migration that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-content': m0001,
  '0002-accounts': m0002,
  '0003-notes-favorites': m0003,
  '0004-reading-history': m0004,
  '0005-playback': m0005,
  '0006-search': m0006,
  '0007-talk-licence': m0007,
  '0008-talk-bookmarks': m0008,
  '0009-playlists': m0009,
  '0010-video-media': m0010,
  '0011-note-groups': m0011,
  '0012-import-records': m0012,
  '0013-audit-log': m0013,
  '0014-chapter-markdown': m0014,
  '0015-article-markdown': m0015,
  '0016-login-devices': m0016,
  '0017-login-code-binding': m0017,
  '0018-search-query-clients': m0018,
  '0019-content-generation': m0019,
  '0020-quote-meanings': m0020,
  '0021-password-resets': m0021,
  '0022-search-term-heads': m0022,
  '0023-book-identity-language': m0023,
  '0024-search-passage-lengths': m0024,
  '0025-rate-windows': m0025,
  '0026-offline-write-ids': m0026,
  '0027-corrections': m0027,
  '0029-dictionaries': m0029,
  '0030-bookmark-client-ids': m0030,
  '0031-search-postings': m0031,
  '0032-drop-search-term-heads': m0032,
  '0033-removals': m0033,
  '0036-dictionary-reading-folded': m0036,
  '0037-removals-by-time': m0037,
};

/** The migrations this code knows, in order; a backup made by newer code names one past the last. */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(MIGRATIONS);

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
