import type { Executor } from '#server/db/database.ts';
import { createSearchIndex } from '#server/search/index.ts';
import { createArticleRepository } from './article.repository.ts';
import { createAuditRepository } from './audit.repository.ts';
import { createBookRepository } from './book.repository.ts';
import { createBookmarkRepository } from './bookmark.repository.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { createCompilationRepository } from './compilation.repository.ts';
import { createDictionaryRepository } from './dictionary.repository.ts';
import { createCorrectionRepository } from './correction.repository.ts';
import { createFavoriteRepository } from './favorite.repository.ts';
import { createHistoryRepository } from './history.repository.ts';
import { createImportRecordRepository } from './import-record.repository.ts';
import { createMetaRepository } from './meta.repository.ts';
import { createNoteGroupRepository } from './note-group.repository.ts';
import { createNoteRepository } from './note.repository.ts';
import { createPlaybackRepository } from './playback.repository.ts';
import { createPlaylistRepository } from './playlist.repository.ts';
import { createQuoteRepository } from './quote.repository.ts';
import { createRateWindowRepository } from './rate-window.repository.ts';
import { createRemovalRepository } from './removal.repository.ts';
import { createSearchAnswerRepository } from './search-answer.repository.ts';
import { createSearchCollectionRepository } from './search-collection.repository.ts';
import { createSearchQueryRepository } from './search-query.repository.ts';
import { createSessionRepository } from './session.repository.ts';
import { createSiteRepository } from './site.repository.ts';
import { createSitemapRepository } from './sitemap.repository.ts';
import { createTalkRepository } from './talk.repository.ts';
import { createUserRepository } from './user.repository.ts';
import { createVideoRepository } from './video.repository.ts';

/** Every repository, bound to one executor (the database, or a transaction). */
export function createRepositories(db: Executor) {
  return {
    meta: createMetaRepository(db),
    books: createBookRepository(db),
    articles: createArticleRepository(db),
    talks: createTalkRepository(db),
    videos: createVideoRepository(db),
    catalog: createCatalogRepository(db),
    compilations: createCompilationRepository(db),
    quotes: createQuoteRepository(db),
    site: createSiteRepository(db),
    sitemap: createSitemapRepository(db),
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    notes: createNoteRepository(db),
    noteGroups: createNoteGroupRepository(db),
    favorites: createFavoriteRepository(db),
    history: createHistoryRepository(db),
    playback: createPlaybackRepository(db),
    bookmarks: createBookmarkRepository(db),
    removals: createRemovalRepository(db),
    playlists: createPlaylistRepository(db),
    imports: createImportRecordRepository(db),
    audit: createAuditRepository(db),
    dictionaries: createDictionaryRepository(db),
    rateWindows: createRateWindowRepository(db),
    corrections: createCorrectionRepository(db),
    /** The search engine's index (FTS5 or PostgreSQL): written in the same transaction as the content. */
    search: createSearchIndex(db),
    searchAnswers: createSearchAnswerRepository(db),
    searchCollections: createSearchCollectionRepository(db),
    searchQueries: createSearchQueryRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
