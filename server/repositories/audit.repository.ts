import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { AuditItemType, AuditLogTable } from '#server/db/schema.ts';
import { toCount } from './count.ts';

export type AuditRow = Selectable<AuditLogTable>;

/** The administration's audit log: appended to, read newest first. */
export function createAuditRepository(db: Executor) {
  return {
    async insert(entry: Insertable<AuditLogTable>): Promise<void> {
      await db.insertInto('audit_log').values(entry).execute();
    },
    async page(options: {
      limit: number;
      offset: number;
      itemType?: AuditItemType;
    }): Promise<{ rows: AuditRow[]; total: number }> {
      let rows = db.selectFrom('audit_log').selectAll();
      let count = db.selectFrom('audit_log').select(sql<string | number>`count(*)`.as('n'));
      if (options.itemType) {
        rows = rows.where('item_type', '=', options.itemType);
        count = count.where('item_type', '=', options.itemType);
      }
      const [list, total] = await Promise.all([
        rows.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
        count.executeTakeFirst(),
      ]);
      return { rows: list, total: toCount(total?.n) };
    },
  };
}
