import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { ModerationEventsTable, NoteGroupModerationState, NoteGroupsTable } from '#server/db/schema.ts';
import { toCount } from './count.ts';

/** A note group with its number of notes and its owner's names. */
export type NoteGroupRow = Selectable<NoteGroupsTable> & {
  note_count: number;
  owner_user_name: string;
  owner_display_name: string;
};
export type ModerationEventRow = Selectable<ModerationEventsTable> & { actor_display_name: string | null };

/** Readers' note groups, their publication and moderation. Owner queries are scoped by user_id. */
export function createNoteGroupRepository(db: Executor) {
  const withCounts = () =>
    db
      .selectFrom('note_groups')
      .innerJoin('users', 'users.id', 'note_groups.user_id')
      .selectAll('note_groups')
      .select((eb) => [
        eb
          .selectFrom('notes')
          .select(eb.fn.countAll().as('n'))
          .whereRef('notes.note_group_id', '=', 'note_groups.id')
          .as('note_count'),
        'users.username as owner_user_name',
        'users.display_name as owner_display_name',
      ]);
  const toRow = (row: Omit<NoteGroupRow, 'note_count'> & { note_count: unknown }): NoteGroupRow => ({
    ...row,
    note_count: toCount(row.note_count as string | number | null),
  });
  const published = () =>
    withCounts().where('note_groups.visibility', '=', 'public').where('note_groups.moderation_state', '=', 'approved');

  return {
    async insert(group: Insertable<NoteGroupsTable>): Promise<number> {
      const { id } = await db.insertInto('note_groups').values(group).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async listOwned(userId: number): Promise<NoteGroupRow[]> {
      const rows = await withCounts()
        .where('note_groups.user_id', '=', userId)
        .orderBy('note_groups.updated_at', 'desc')
        .orderBy('note_groups.id', 'desc')
        .execute();
      return rows.map(toRow);
    },

    /** How many groups the reader has (the cap per account). */
    async countOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('note_groups')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return toCount(row?.n as string | number | undefined);
    },

    async findOwned(userId: number, id: number): Promise<NoteGroupRow | null> {
      const row = await withCounts()
        .where('note_groups.id', '=', id)
        .where('note_groups.user_id', '=', userId)
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /** Any group by id, whoever owns it (moderation, and telling "pending" from "absent"). */
    async findById(id: number): Promise<NoteGroupRow | null> {
      const row = await withCounts().where('note_groups.id', '=', id).executeTakeFirst();
      return row ? toRow(row) : null;
    },

    async update(userId: number, id: number, changes: Updateable<NoteGroupsTable>): Promise<boolean> {
      const result = await db
        .updateTable('note_groups')
        .set(changes)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A moderator's change (any owner). */
    async updateById(id: number, changes: Updateable<NoteGroupsTable>): Promise<void> {
      await db.updateTable('note_groups').set(changes).where('id', '=', id).execute();
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('note_groups')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Groups waiting for a moderator, the longest waiting first. */
    async listPending(limit: number, offset: number): Promise<{ rows: NoteGroupRow[]; total: number }> {
      const rows = await withCounts()
        .where('note_groups.moderation_state', '=', 'pending')
        .orderBy('note_groups.submitted_at', 'asc')
        .orderBy('note_groups.id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
      const count = await db
        .selectFrom('note_groups')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('moderation_state', '=', 'pending')
        .executeTakeFirst();
      return { rows: rows.map(toRow), total: toCount(count?.n) };
    },

    /** A public, approved group (anyone may read it). */
    async findPublished(id: number): Promise<NoteGroupRow | null> {
      const row = await published().where('note_groups.id', '=', id).executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /** Approved public groups, newest approval first; `featured` keeps those moderators featured. */
    async listPublished(options: {
      featured: boolean;
      limit: number;
      offset: number;
    }): Promise<{ rows: NoteGroupRow[]; total: number }> {
      let query = published();
      let count = db
        .selectFrom('note_groups')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('visibility', '=', 'public')
        .where('moderation_state', '=', 'approved');
      if (options.featured) {
        query = query.where('note_groups.featured_at', 'is not', null).orderBy('note_groups.featured_at', 'desc');
        count = count.where('featured_at', 'is not', null);
      } else {
        query = query.orderBy('note_groups.approved_at', 'desc');
      }
      const rows = await query.orderBy('note_groups.id', 'desc').limit(options.limit).offset(options.offset).execute();
      const total = await count.executeTakeFirst();
      return { rows: rows.map(toRow), total: toCount(total?.n) };
    },

    async recordEvent(event: Insertable<ModerationEventsTable>): Promise<void> {
      await db.insertInto('moderation_events').values(event).execute();
    },

    async listEvents(groupId: number): Promise<ModerationEventRow[]> {
      return db
        .selectFrom('moderation_events')
        .leftJoin('users', 'users.id', 'moderation_events.actor_id')
        .selectAll('moderation_events')
        .select('users.display_name as actor_display_name')
        .where('moderation_events.note_group_id', '=', groupId)
        .orderBy('moderation_events.created_at', 'asc')
        .orderBy('moderation_events.id', 'asc')
        .execute();
    },

    async stateOf(id: number): Promise<NoteGroupModerationState | null> {
      const row = await db.selectFrom('note_groups').select('moderation_state').where('id', '=', id).executeTakeFirst();
      return row?.moderation_state ?? null;
    },
  };
}
