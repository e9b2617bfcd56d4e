import type { Kysely } from 'kysely';
import { withId, withLicense, withTimestamps } from './helpers.ts';

/** The content of the library, its users, and the site's fixed lists. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('users'))
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.unique())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('avatar', 'text')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('reader')),
  ).execute();

  await withLicense(
    withTimestamps(
      withId(db, db.schema.createTable('books'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_original', 'text')
        .addColumn('title_sino_vietnamese', 'text')
        .addColumn('author', 'text')
        .addColumn('translator', 'text')
        .addColumn('compiler', 'text')
        .addColumn('description', 'text')
        .addColumn('category', 'text')
        .addColumn('cover_image', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
        .addColumn('published_at', 'text', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('books_status_published_idx').on('books').columns(['status', 'published_at']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('chapters'))
      .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('title', 'text')
      .addColumn('title_original', 'text')
      .addColumn('section', 'text')
      .addColumn('body_html', 'text', (c) => c.notNull())
      .addColumn('parallel_html', 'text'),
  ).execute();
  await db.schema
    .createIndex('chapters_book_position_idx')
    .on('chapters')
    .columns(['book_id', 'position'])
    .unique()
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('audio_collections'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('speaker', 'text')
      .addColumn('cover_image', 'text')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published')),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('audio_talks'))
      .addColumn('collection_id', 'integer', (c) => c.notNull().references('audio_collections.id').onDelete('cascade'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('speaker', 'text')
      .addColumn('file_name', 'text', (c) => c.notNull().unique())
      .addColumn('mime_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('duration_seconds', 'integer', (c) => c.notNull())
      .addColumn('recorded_on', 'text')
      .addColumn('transcript_file', 'text')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published')),
  ).execute();
  await db.schema
    .createIndex('audio_talks_collection_idx')
    .on('audio_talks')
    .columns(['collection_id', 'position'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('videos'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('speaker', 'text')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('youtube_id', 'text')
      .addColumn('file_name', 'text')
      .addColumn('duration_seconds', 'integer')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
      .addColumn('published_at', 'text', (c) => c.notNull()),
  ).execute();

  await withId(db, db.schema.createTable('article_categories'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withLicense(
    withTimestamps(
      withId(db, db.schema.createTable('articles'))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('category_id', 'integer', (c) => c.references('article_categories.id').onDelete('set null'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text')
        .addColumn('body_html', 'text', (c) => c.notNull())
        .addColumn('cover_image', 'text')
        .addColumn('author', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
        .addColumn('published_at', 'text', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema
    .createIndex('articles_status_published_idx')
    .on('articles')
    .columns(['status', 'published_at'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('compilations'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('introduction', 'text')
      .addColumn('cover_image', 'text')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published')),
  ).execute();

  await withId(db, db.schema.createTable('compilation_items'))
    .addColumn('compilation_id', 'integer', (c) => c.notNull().references('compilations.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();

  await withId(db, db.schema.createTable('quotes'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('topic', 'text')
    .addColumn('pali', 'text')
    .addColumn('sino_vietnamese', 'text')
    .addColumn('chinese', 'text')
    .addColumn('license', 'text', (c) => c.notNull())
    .addColumn('source_repository', 'text')
    .addColumn('source_path', 'text')
    .execute();

  await withId(db, db.schema.createTable('home_keywords'))
    .addColumn('position', 'integer', (c) => c.notNull().unique())
    .addColumn('main_term', 'text', (c) => c.notNull())
    .addColumn('extra_terms', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await withId(db, db.schema.createTable('footer_quotes'))
    .addColumn('position', 'integer', (c) => c.notNull().unique())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('original', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('translator', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'footer_quotes',
    'home_keywords',
    'quotes',
    'compilation_items',
    'compilations',
    'articles',
    'article_categories',
    'videos',
    'audio_talks',
    'audio_collections',
    'chapters',
    'books',
    'users',
    'meta',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
