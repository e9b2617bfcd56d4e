import type { Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { RemovalKind, RemovalsTable } from '#server/db/schema.ts';

export type RemovalRow = Selectable<RemovalsTable>;

/**
 * What a reader removed and when (migration 0033), so that a write made offline and sent late loses
 * to a removal made after it (decision 0049). Every query is scoped by the owner.
 */
export function createRemovalRepository(db: Executor) {
  return {
    /** Records a removal; removed again, the later time is kept (and the latest row and id). */
    async record(removal: {
      user_id: number;
      kind: RemovalKind;
      item_id: number;
      client_id?: string | null;
      item?: string | null;
      removed_at: string;
    }): Promise<void> {
      const known = await this.find(removal.user_id, removal.kind, { itemId: removal.item_id });
      if (!known) {
        await db
          .insertInto('removals')
          .values({ client_id: null, item: null, ...removal })
          .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doNothing())
          .execute();
      }
      const latest =
        known && Date.parse(known.removed_at) > Date.parse(removal.removed_at) ? known.removed_at : removal.removed_at;
      await db
        .updateTable('removals')
        .set({
          removed_at: latest,
          ...(removal.client_id ? { client_id: removal.client_id } : {}),
          ...(removal.item ? { item: removal.item } : {}),
        })
        .where('user_id', '=', removal.user_id)
        .where('kind', '=', removal.kind)
        .where('item_id', '=', removal.item_id)
        .execute();
    },
    /** A removal of the reader's, by the removed thing's id or by the id its browser made. */
    async find(
      userId: number,
      kind: RemovalKind,
      key: { itemId: number } | { clientId: string },
    ): Promise<RemovalRow | undefined> {
      return db
        .selectFrom('removals')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .$call((q) => ('itemId' in key ? q.where('item_id', '=', key.itemId) : q.where('client_id', '=', key.clientId)))
        .executeTakeFirst();
    },
    /**
     * Every reader's: the removals made before `removedBefore` are deleted, and the rows kept with
     * those made before `rowsBefore` are dropped (their times stay). Run by each process on a timer
     * (server/services/removal-retention.ts): both statements are safe to run twice or at once.
     */
    async prune(limits: { removedBefore: string; rowsBefore: string }): Promise<{ deleted: number; emptied: number }> {
      const deleted = await db.deleteFrom('removals').where('removed_at', '<', limits.removedBefore).executeTakeFirst();
      const emptied = await db
        .updateTable('removals')
        .set({ item: null })
        .where('removed_at', '<', limits.rowsBefore)
        .where('item', 'is not', null)
        .executeTakeFirst();
      return { deleted: Number(deleted.numDeletedRows), emptied: Number(emptied.numUpdatedRows) };
    },
    /** Forgets a removal the thing came back from (saved again, a note brought back by a later edit). */
    async forget(userId: number, kind: RemovalKind, itemId: number): Promise<void> {
      await db
        .deleteFrom('removals')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('item_id', '=', itemId)
        .execute();
    },
  };
}
