import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { ArticleCategoriesTable, ArticlesTable } from '#server/db/schema.ts';
import { toCount } from './count.ts';

export type NewArticle = Insertable<ArticlesTable>;
export type NewArticleCategory = Insertable<ArticleCategoriesTable>;
export type ArticleListRow = Selectable<ArticlesTable> & { category_slug: string | null; category_name: string | null };
export type ArticleCategoryRow = Selectable<ArticleCategoriesTable> & { article_count: number };

/**
 * Readers see a published article from its publication date on: an editor schedules one by giving
 * it a date to come (ISO-8601 UTC text compares in time order).
 */
function visibleUntil(): string {
  return new Date().toISOString();
}

export function createArticleRepository(db: Executor) {
  const published = () =>
    db
      .selectFrom('articles')
      .leftJoin('article_categories', 'article_categories.id', 'articles.category_id')
      .selectAll('articles')
      .select(['article_categories.slug as category_slug', 'article_categories.name as category_name'])
      .where('articles.status', '=', 'published')
      .where('articles.published_at', '<=', visibleUntil());

  return {
    /** One page of published articles, newest first (ties: the later one first). */
    async listPublished(limit: number, offset: number, categoryId?: number): Promise<ArticleListRow[]> {
      let query = published();
      if (categoryId !== undefined) query = query.where('articles.category_id', '=', categoryId);
      return query
        .orderBy('articles.published_at', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countPublishedIn(categoryId?: number): Promise<number> {
      let query = db
        .selectFrom('articles')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('status', '=', 'published')
        .where('published_at', '<=', visibleUntil());
      if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
      return toCount((await query.executeTakeFirst())?.n);
    },

    async findPublishedBySlug(slug: string): Promise<ArticleListRow | undefined> {
      return published().where('articles.slug', '=', slug).executeTakeFirst();
    },

    /** Other published articles of a category, newest first. */
    async listRelated(categoryId: number, exceptId: number, limit: number): Promise<ArticleListRow[]> {
      return published()
        .where('articles.category_id', '=', categoryId)
        .where('articles.id', '!=', exceptId)
        .orderBy('articles.published_at', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Every category in its order, with its number of published articles. */
    async listCategories(): Promise<ArticleCategoryRow[]> {
      const rows = await db
        .selectFrom('article_categories')
        .selectAll('article_categories')
        .select((eb) =>
          eb
            .selectFrom('articles')
            .select(eb.fn.countAll().as('n'))
            .whereRef('articles.category_id', '=', 'article_categories.id')
            .where('articles.status', '=', 'published')
            .where('articles.published_at', '<=', visibleUntil())
            .as('article_count'),
        )
        .orderBy('article_categories.position')
        .orderBy('article_categories.id')
        .execute();
      return rows.map((row) => ({ ...row, article_count: toCount(row.article_count as string | number | null) }));
    },

    async findCategoryBySlug(slug: string): Promise<ArticleCategoryRow | undefined> {
      return (await this.listCategories()).find((c) => c.slug === slug);
    },
    async insertCategory(category: NewArticleCategory): Promise<number> {
      const { id } = await db
        .insertInto('article_categories')
        .values(category)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Every article in any state, the newest first (the administration's list). */
    async listAll(limit: number, offset: number): Promise<{ rows: ArticleListRow[]; total: number }> {
      const rows = await db
        .selectFrom('articles')
        .leftJoin('article_categories', 'article_categories.id', 'articles.category_id')
        .selectAll('articles')
        .select(['article_categories.slug as category_slug', 'article_categories.name as category_name'])
        .orderBy('articles.published_at', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const count = await db
        .selectFrom('articles')
        .select(sql<string | number>`count(*)`.as('n'))
        .executeTakeFirst();
      return { rows, total: toCount(count?.n) };
    },

    /** An article in any state, with its category. */
    async findWithCategory(id: number): Promise<ArticleListRow | undefined> {
      return db
        .selectFrom('articles')
        .leftJoin('article_categories', 'article_categories.id', 'articles.category_id')
        .selectAll('articles')
        .select(['article_categories.slug as category_slug', 'article_categories.name as category_name'])
        .where('articles.id', '=', id)
        .executeTakeFirst();
    },

    async findIdBySlug(slug: string): Promise<number | undefined> {
      return (await db.selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
    },

    async update(id: number, changes: Partial<NewArticle>): Promise<void> {
      await db.updateTable('articles').set(changes).where('id', '=', id).execute();
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findCategoryById(id: number): Promise<ArticleCategoryRow | undefined> {
      return (await this.listCategories()).find((c) => c.id === id);
    },

    async findCategoryIdBySlug(slug: string): Promise<number | undefined> {
      return (await db.selectFrom('article_categories').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
    },

    async nextCategoryPosition(): Promise<number> {
      const row = await db
        .selectFrom('article_categories')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },

    async updateCategory(id: number, changes: Partial<NewArticleCategory>): Promise<void> {
      await db.updateTable('article_categories').set(changes).where('id', '=', id).execute();
    },

    /** Removes a category; its articles stay, in no category. */
    async deleteCategory(id: number): Promise<boolean> {
      await db.updateTable('articles').set({ category_id: null }).where('category_id', '=', id).execute();
      const result = await db.deleteFrom('article_categories').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async insert(article: NewArticle): Promise<number> {
      const { id } = await db.insertInto('articles').values(article).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async listNewestPublished(limit: number): Promise<ArticleListRow[]> {
      return db
        .selectFrom('articles')
        .leftJoin('article_categories', 'article_categories.id', 'articles.category_id')
        .selectAll('articles')
        .select(['article_categories.slug as category_slug', 'article_categories.name as category_name'])
        .where('articles.status', '=', 'published')
        .where('articles.published_at', '<=', visibleUntil())
        .orderBy('articles.published_at', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The article with this id in any state (for the search index), or undefined. */
    async findById(id: number): Promise<Selectable<ArticlesTable> | undefined> {
      return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every article readers can open now: its slug and title only (suggestions). */
    async listPublishedTitles(): Promise<{ slug: string; title: string }[]> {
      return db
        .selectFrom('articles')
        .select(['slug', 'title'])
        .where('status', '=', 'published')
        .where('published_at', '<=', visibleUntil())
        .orderBy('id')
        .execute();
    },

    async listPublishedIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('articles')
        .select('id')
        .where('status', '=', 'published')
        .where('published_at', '<=', visibleUntil())
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** The published articles among these ids, with their category (in no particular order). */
    async listPublishedByIds(ids: number[]): Promise<ArticleListRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('articles')
        .leftJoin('article_categories', 'article_categories.id', 'articles.category_id')
        .selectAll('articles')
        .select(['article_categories.slug as category_slug', 'article_categories.name as category_name'])
        .where('articles.id', 'in', ids)
        .where('articles.status', '=', 'published')
        .where('articles.published_at', '<=', visibleUntil())
        .execute();
    },

    async countPublished(): Promise<number> {
      const row = await db
        .selectFrom('articles')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('status', '=', 'published')
        .where('published_at', '<=', visibleUntil())
        .executeTakeFirst();
      return toCount(row?.n);
    },
  };
}
