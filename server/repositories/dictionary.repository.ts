import type { Executor } from '#server/db/database.ts';
import type { DictionariesTable, DictionaryEntriesTable } from '#server/db/schema.ts';
import type { Insertable, Selectable } from 'kysely';

export type DictionaryRow = Selectable<DictionariesTable>;
export type DictionaryEntryRow = Selectable<DictionaryEntriesTable> & {
  dictionary_name: string;
  dictionary_license: string;
  dictionary_source_url: string | null;
};
export type NewDictionaryEntry = Omit<Insertable<DictionaryEntriesTable>, 'id' | 'dictionary_id'>;

/** Rows per INSERT: well under SQLite's 32,766 bound parameters (4 columns each). */
const INSERT_BATCH = 500;
/** Headwords per IN (…) when looking terms up. */
const LOOKUP_BATCH = 200;

/** The dictionaries administrators imported, and their entries. */
export function createDictionaryRepository(db: Executor) {
  /** Entries with their dictionary's name, licence and source, by dictionary name, then as imported. */
  const entriesWithSource = () =>
    db
      .selectFrom('dictionary_entries as e')
      .innerJoin('dictionaries as d', 'd.id', 'e.dictionary_id')
      .selectAll('e')
      .select(['d.name as dictionary_name', 'd.license as dictionary_license', 'd.source_url as dictionary_source_url'])
      .orderBy('d.name')
      .orderBy('e.id');
  return {
    async list(): Promise<DictionaryRow[]> {
      return db.selectFrom('dictionaries').selectAll().orderBy('name').execute();
    },
    async findById(id: number): Promise<DictionaryRow | undefined> {
      return db.selectFrom('dictionaries').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async findByName(name: string): Promise<DictionaryRow | undefined> {
      return db.selectFrom('dictionaries').selectAll().where('name', '=', name).executeTakeFirst();
    },
    async insert(row: Omit<Insertable<DictionariesTable>, 'id'>): Promise<number> {
      const { id } = await db.insertInto('dictionaries').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async update(id: number, changes: Partial<Omit<Insertable<DictionariesTable>, 'id'>>): Promise<void> {
      await db.updateTable('dictionaries').set(changes).where('id', '=', id).execute();
    },
    async remove(id: number): Promise<void> {
      // Entries go first: SQLite enforces the cascade only with foreign keys on.
      await db.deleteFrom('dictionary_entries').where('dictionary_id', '=', id).execute();
      await db.deleteFrom('dictionaries').where('id', '=', id).execute();
    },
    async replaceEntries(dictionaryId: number, entries: NewDictionaryEntry[]): Promise<void> {
      await db.deleteFrom('dictionary_entries').where('dictionary_id', '=', dictionaryId).execute();
      for (let i = 0; i < entries.length; i += INSERT_BATCH) {
        await db
          .insertInto('dictionary_entries')
          .values(entries.slice(i, i + INSERT_BATCH).map((e) => ({ ...e, dictionary_id: dictionaryId })))
          .execute();
      }
    },
    /** Every entry whose headword is one of `headwords`, with its dictionary's name and licence. */
    async findByHeadwords(headwords: string[]): Promise<DictionaryEntryRow[]> {
      const rows: DictionaryEntryRow[] = [];
      for (let i = 0; i < headwords.length; i += LOOKUP_BATCH) {
        rows.push(
          ...(await entriesWithSource()
            .where('e.headword', 'in', headwords.slice(i, i + LOOKUP_BATCH))
            .execute()),
        );
      }
      return rows;
    },
    /** The first `limit` entries whose reading, folded (search's form), is `folded`. */
    async findByReadingFolded(folded: string, limit: number): Promise<DictionaryEntryRow[]> {
      return entriesWithSource().where('e.reading_folded', '=', folded).limit(limit).execute();
    },
  };
}
