import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { CorrectionItemType, CorrectionsTable } from '#server/db/schema.ts';
import { toCount } from './count.ts';

export type CorrectionRow = Selectable<CorrectionsTable> & { author_name: string };

/** Readers' corrections of paragraphs and transcript lines (decision 0031). */
export function createCorrectionRepository(db: Executor) {
  const withAuthor = () =>
    db
      .selectFrom('corrections')
      .innerJoin('users', 'users.id', 'corrections.user_id')
      .selectAll('corrections')
      .select('users.display_name as author_name');

  return {
    async insert(row: Insertable<CorrectionsTable>): Promise<number> {
      const { id } = await db.insertInto('corrections').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async findById(id: number): Promise<CorrectionRow | undefined> {
      return withAuthor().where('corrections.id', '=', id).executeTakeFirst();
    },
    /** One of this reader's corrections: another reader's is "not found". */
    async findOwned(userId: number, id: number): Promise<CorrectionRow | undefined> {
      return withAuthor().where('corrections.id', '=', id).where('corrections.user_id', '=', userId).executeTakeFirst();
    },
    async countPendingOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('corrections')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      return toCount(row.n);
    },
    /** This reader's corrections, newest first. */
    async pageOf(userId: number, limit: number, offset: number): Promise<{ rows: CorrectionRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        withAuthor()
          .where('corrections.user_id', '=', userId)
          .orderBy('corrections.created_at', 'desc')
          .orderBy('corrections.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('corrections')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: toCount(total.n) };
    },
    /** The moderation queue: waiting corrections, the longest waiting first. */
    async pagePending(limit: number, offset: number): Promise<{ rows: CorrectionRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        withAuthor()
          .where('corrections.state', '=', 'pending')
          .orderBy('corrections.created_at')
          .orderBy('corrections.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('corrections')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('state', '=', 'pending')
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: toCount(total.n) };
    },
    /**
     * Records a decision on a waiting correction; false when it was no longer waiting (another
     * moderator decided first), so a correction is applied at most once.
     */
    async decide(
      id: number,
      decision: { state: 'accepted' | 'refused'; decided_by: number; decided_at: string; reason: string | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('corrections')
        .set(decision)
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteOwnedPending(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('corrections')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    /** The names of the readers whose corrections of this chapter or talk were accepted, first thanked first. */
    async creditedNames(itemType: CorrectionItemType, itemId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('corrections')
        .innerJoin('users', 'users.id', 'corrections.user_id')
        .select('users.display_name')
        .select((eb) => eb.fn.min('corrections.decided_at').as('first'))
        .where('corrections.item_type', '=', itemType)
        .where('corrections.item_id', '=', itemId)
        .where('corrections.state', '=', 'accepted')
        .groupBy(['users.id', 'users.display_name'])
        .orderBy('first')
        .limit(50)
        .execute();
      return rows.map((r) => r.display_name);
    },
  };
}
