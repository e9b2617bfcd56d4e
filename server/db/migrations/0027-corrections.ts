import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Readers' corrections ("Báo lỗi / Đề xuất sửa"): the text of one paragraph of a chapter or one
 * line of a talk's transcript as a reader proposes it, waiting for a moderator (decision 0031).
 * The text as it was is kept beside it, so the moderator sees a diff and an accepted correction
 * is applied only to the text it was made against.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('corrections'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'chapter' (item_id a chapter, anchor the paragraph's id "p-N") or 'talk' (anchor the line's number).
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('anchor', 'text', (c) => c.notNull())
    .addColumn('original_text', 'text', (c) => c.notNull())
    .addColumn('proposed_text', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    // pending → accepted | refused
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('corrections_state_idx').on('corrections').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('corrections_user_idx').on('corrections').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('corrections_item_idx')
    .on('corrections')
    .columns(['item_type', 'item_id', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('corrections').ifExists().execute();
}
