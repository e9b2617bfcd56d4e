import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { ImportRecordsTable } from '#server/db/schema.ts';

export type ImportRecordRow = Selectable<ImportRecordsTable>;

/** What the importer brought in: by key (book:{code}, talk:{collection}/{talk}) and content hash. */
export function createImportRecordRepository(db: Executor) {
  return {
    async findByKey(sourceKey: string): Promise<ImportRecordRow | undefined> {
      return db.selectFrom('import_records').selectAll().where('source_key', '=', sourceKey).executeTakeFirst();
    },
    async findByHash(contentHash: string): Promise<ImportRecordRow | undefined> {
      return db.selectFrom('import_records').selectAll().where('content_hash', '=', contentHash).executeTakeFirst();
    },
    async insert(record: Insertable<ImportRecordsTable>): Promise<void> {
      await db.insertInto('import_records').values(record).execute();
    },
    async updateHash(id: number, contentHash: string, fileName: string, at: string): Promise<void> {
      await db
        .updateTable('import_records')
        .set({ content_hash: contentHash, file_name: fileName, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}
