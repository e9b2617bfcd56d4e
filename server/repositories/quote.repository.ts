import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { QuotesTable } from '#server/db/schema.ts';

export type QuoteRow = Selectable<QuotesTable>;

/** Liturgical and canonical quotes (Pali, Hán-Việt, Chinese). */
export function createQuoteRepository(db: Executor) {
  return {
    async insertMany(quotes: Insertable<QuotesTable>[]): Promise<void> {
      if (quotes.length > 0) await db.insertInto('quotes').values(quotes).execute();
    },
    /** The lines of one topic chosen at random, in their order. */
    async findRandomPassage(): Promise<QuoteRow[]> {
      const pick = await db
        .selectFrom('quotes')
        .select('topic')
        .orderBy(sql`random()`)
        .limit(1)
        .executeTakeFirst();
      if (!pick) return [];
      return db
        .selectFrom('quotes')
        .selectAll()
        .where((eb) => (pick.topic === null ? eb('topic', 'is', null) : eb('topic', '=', pick.topic)))
        .orderBy('id')
        .execute();
    },
  };
}
