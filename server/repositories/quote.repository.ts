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
    /** Sets a quote's meaning; true when it changed (an unchanged row is not written). */
    async setMeaning(code: string, meaning: string): Promise<boolean> {
      const result = await db
        .updateTable('quotes')
        .set({ meaning })
        .where('code', '=', code)
        .where((eb) => eb.or([eb('meaning', 'is', null), eb('meaning', '!=', meaning)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** The lines of one topic chosen at random, in their order: only topics whose every line has a meaning. */
    async findRandomPassage(): Promise<QuoteRow[]> {
      const pick = await db
        .selectFrom('quotes')
        .select('topic')
        .where('meaning', 'is not', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('quotes as other')
                .select('other.id')
                .whereRef('other.topic', '=', 'quotes.topic')
                .where('other.meaning', 'is', null),
            ),
          ),
        )
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
