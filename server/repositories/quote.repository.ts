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
    /** One quote at random among those that have a Hán-Việt reading or a Pali text. */
    async findRandom(): Promise<QuoteRow | null> {
      const row = await db
        .selectFrom('quotes')
        .selectAll()
        .where((eb) => eb.or([eb('sino_vietnamese', 'is not', null), eb('pali', 'is not', null)]))
        .orderBy(sql`random()`)
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
