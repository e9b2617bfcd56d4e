import type { Executor } from '#server/db/database.ts';
import type { FooterQuotesTable, HomeKeywordsTable } from '#server/db/schema.ts';
import type { Insertable, Selectable } from 'kysely';

export type HomeKeywordRow = Selectable<HomeKeywordsTable>;
export type FooterQuoteRow = Selectable<FooterQuotesTable>;

/** The site's editable fixed lists: home keywords and footer quotes. */
export function createSiteRepository(db: Executor) {
  return {
    async listHomeKeywords(): Promise<HomeKeywordRow[]> {
      return db.selectFrom('home_keywords').selectAll().orderBy('position').execute();
    },
    async replaceHomeKeywords(rows: Omit<Insertable<HomeKeywordsTable>, 'id'>[]): Promise<void> {
      await db.deleteFrom('home_keywords').execute();
      if (rows.length > 0) await db.insertInto('home_keywords').values(rows).execute();
    },
    async listFooterQuotes(): Promise<FooterQuoteRow[]> {
      return db.selectFrom('footer_quotes').selectAll().orderBy('position').execute();
    },
    async replaceFooterQuotes(rows: Omit<Insertable<FooterQuotesTable>, 'id'>[]): Promise<void> {
      await db.deleteFrom('footer_quotes').execute();
      if (rows.length > 0) await db.insertInto('footer_quotes').values(rows).execute();
    },
  };
}
