import type { Executor } from '#server/db/database.ts';

/** One public page of the sitemap, by kind: the ids its address is made of, and when it last changed. */
export interface SitemapRows {
  books: { code: string; updated_at: string }[];
  chapters: { code: string; book_code: string; updated_at: string }[];
  collections: { id: number; updated_at: string }[];
  talks: { id: number; collection_id: number; updated_at: string }[];
  videos: { slug: string; updated_at: string }[];
  articles: { slug: string; updated_at: string }[];
  compilations: { id: number; updated_at: string }[];
  noteGroups: { id: number; username: string; approved_at: string | null; updated_at: string }[];
}

/** Everything published that a search engine may index, with its last change (the sitemap). */
export function createSitemapRepository(db: Executor) {
  return {
    async listPublished(): Promise<SitemapRows> {
      const [books, chapters, collections, talks, videos, articles, compilations, noteGroups] = await Promise.all([
        db.selectFrom('books').select(['code', 'updated_at']).where('status', '=', 'published').orderBy('id').execute(),
        db
          .selectFrom('chapters')
          .innerJoin('books', 'books.id', 'chapters.book_id')
          .select(['chapters.code', 'books.code as book_code', 'chapters.updated_at'])
          .where('books.status', '=', 'published')
          .orderBy('books.id')
          .orderBy('chapters.position')
          .orderBy('chapters.id')
          .execute(),
        db
          .selectFrom('audio_collections')
          .select(['id', 'updated_at'])
          .where('status', '=', 'published')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('audio_talks')
          .innerJoin('audio_collections', 'audio_collections.id', 'audio_talks.collection_id')
          .select(['audio_talks.id', 'audio_talks.collection_id', 'audio_talks.updated_at'])
          .where('audio_talks.status', '=', 'published')
          .where('audio_collections.status', '=', 'published')
          .orderBy('audio_talks.collection_id')
          .orderBy('audio_talks.id')
          .execute(),
        db
          .selectFrom('videos')
          .select(['slug', 'updated_at'])
          .where('status', '=', 'published')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('articles')
          .select(['slug', 'updated_at'])
          .where('status', '=', 'published')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('compilations')
          .select(['id', 'updated_at'])
          .where('status', '=', 'published')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('note_groups')
          .innerJoin('users', 'users.id', 'note_groups.user_id')
          .select(['note_groups.id', 'users.username', 'note_groups.approved_at', 'note_groups.updated_at'])
          .where('note_groups.visibility', '=', 'public')
          .where('note_groups.moderation_state', '=', 'approved')
          .orderBy('note_groups.id')
          .execute(),
      ]);
      return { books, chapters, collections, talks, videos, articles, compilations, noteGroups };
    },
  };
}
