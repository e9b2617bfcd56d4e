import path from 'node:path';
import { createBookExportService } from './book-export.service.ts';
import { createNoteExportService } from './note-export.service.ts';
import { createQuoteCardService } from './quote-card.service.ts';
import { OWNED_WRITES_PER_MINUTE } from '#common/constants.ts';
import type { Database } from '#server/db/database.ts';
import type { Env } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';
import { createRepositories, type Repositories } from '#server/repositories/index.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { createMailer, type Mailer } from '#server/mail/mailer.ts';
import { createAccountRecoveryService, type DEFAULT_RECOVERY_LIMITS } from './account-recovery.service.ts';
import { createArticleService } from './article.service.ts';
import { createAudioService } from './audio.service.ts';
import { createArticleAdminService } from './article-admin.service.ts';
import { createAuditService } from './audit.service.ts';
import { createCompilationAdminService } from './compilation-admin.service.ts';
import { DEFAULT_LOGIN_THROTTLE } from './login-throttle.ts';
import { createAuthService } from './auth.service.ts';
import { createAvatarService } from './avatar.service.ts';
import { createBookService } from './book.service.ts';
import { createBookAdminService } from './book-admin.service.ts';
import { createBookmarkService } from './bookmark.service.ts';
import { createCompilationService } from './compilation.service.ts';
import { createCoverService } from './cover.service.ts';
import { createDemoImportService } from './demo-import.service.ts';
import { createFavoriteService } from './favorite.service.ts';
import { createHistoryService } from './history.service.ts';
import { createHealthService, type ReadinessDependency } from './health.service.ts';
import { createHomeService } from './home.service.ts';
import { createImportService } from './import.service.ts';
import { createLibraryService } from './library.service.ts';
import { createNoteGroupService } from './note-group.service.ts';
import { createCorrectionService } from './correction.service.ts';
import { createNoteService } from './note.service.ts';
import { createPlaybackService } from './playback.service.ts';
import { createOfflineWriteService } from './offline-write.service.ts';
import { createRemovalRetention } from './removal-retention.ts';
import { createPlaylistService } from './playlist.service.ts';
import type { RandomSource } from './random.ts';
import { applyTestDelays } from './test-delays.ts';
import { createWriteBudget, withWriteBudget } from './write-budget.ts';
import { createDatabaseCounters, type SharedCounters } from './shared-counters.ts';
import type { ContentNotices } from './content-notices.ts';
import { createSearchCollectionService } from './search-collection.service.ts';
import { createDictionaryService } from './dictionary.service.ts';
import { createSearchIndexer } from './search-indexer.service.ts';
import { storedTranscriptSegments } from './media-upload.ts';
import { createSearchService } from './search.service.ts';
import { createSearchSuggestionService } from './search-suggestion.service.ts';
import { createSiteAdminService } from './site-admin.service.ts';
import { createSitemapService } from './sitemap.service.ts';
import { createSiteService } from './site.service.ts';
import { createSocialLoginService } from './social-login.service.ts';
import { createTalkAdminService } from './talk-admin.service.ts';
import { createVideoAdminService } from './video-admin.service.ts';
import { createVideoService } from './video.service.ts';

export interface ServiceDeps {
  database: Database;
  env: Env;
  logger: Logger;
  /** Where the demo content lives (data/demo of the project). */
  demoDir: string;
  /** The Unihan readings (data/unihan/unihan-vi.tsv); beside the demo folder when not given. */
  unihanFile?: string;
  /** Where media files (avatars, talks, covers) are stored. */
  media: MediaStorage;
  random?: RandomSource;
  /** Login and sign-up attempts per address, wrong passwords per account before the delay (tests set them). */
  loginThrottle?: { perIp: number; windowMs: number; freeFailures: number };
  /** The accounts' clock (tests move it to age sessions). */
  now?: () => Date;
  /** What one account may keep and write (common/constants.ts; tests lower them). */
  accountLimits?: { notes?: number; noteGroups?: number; writes?: number; writeWindowMs?: number };
  /** Dictionary look-ups per address and window (tests lower it). */
  lookupLimit?: { perAddress: number; windowMs: number };
  /** Password-reset requests per address and per e-mail (tests lower or raise them). */
  recoveryLimits?: Partial<typeof DEFAULT_RECOVERY_LIMITS>;
  /** Outgoing mail; by default from the SMTP settings. */
  mailer?: Mailer;
  /** Where every rate limit counts, shared by the processes: the database's rate_windows unless given (Redis: server/shared/). */
  counters?: SharedCounters;
  /** Content changes announced to and heard from the other processes (Redis with REDIS_URL); none by default. */
  notices?: ContentNotices;
  /** What /readyz asks besides the database (Redis with REDIS_URL). */
  readinessDependencies?: readonly ReadinessDependency[];
  /** Told how long each search took (the /metrics histogram, server/http/metrics.ts). */
  onSearchTimed?: (seconds: number, outcome: 'ok' | 'error') => void;
}

/** The search service with each `search` call timed for `onTimed`. */
function timeSearches<S extends { search: (...args: never[]) => Promise<unknown> }>(
  search: S,
  onTimed: ((seconds: number, outcome: 'ok' | 'error') => void) | undefined,
): S {
  if (!onTimed) return search;
  const original = search.search.bind(search);
  const timed = async (...args: Parameters<S['search']>) => {
    const started = performance.now();
    let outcome: 'ok' | 'error' = 'error';
    try {
      const result = await original(...args);
      outcome = 'ok';
      return result;
    } finally {
      onTimed((performance.now() - started) / 1000, outcome);
    }
  };
  return { ...search, search: timed };
}

/** Builds every service once per process. Routes and page loaders reach the rules only through these. */
export function createServices(deps: ServiceDeps) {
  const repos = createRepositories(deps.database.db);
  const counters = deps.counters ?? createDatabaseCounters(repos.rateWindows);
  const transaction = <T>(work: (repos: Repositories) => Promise<T>): Promise<T> =>
    deps.database.db.transaction().execute((trx) => work(createRepositories(trx)));

  const site = createSiteService({ repos, env: deps.env, random: deps.random });
  const sitemap = createSitemapService({ repos });
  const home = createHomeService({ repos, site, random: deps.random });
  const books = createBookService({ repos });
  const library = createLibraryService({ repos, books });
  const auth = createAuthService({
    repos,
    transaction,
    counters,
    loginThrottle: deps.loginThrottle ?? { ...DEFAULT_LOGIN_THROTTLE, perIp: deps.env.LOGIN_ATTEMPTS_PER_ADDRESS },
    now: deps.now,
  });
  const avatars = createAvatarService({ storage: deps.media, auth });
  const accountRecovery = createAccountRecoveryService({
    repos,
    auth,
    mailer: deps.mailer ?? createMailer(deps.env),
    logger: deps.logger,
    originFor: (url) => site.originFor(url),
    now: deps.now,
    counters,
    limits: deps.recoveryLimits,
  });
  const socialLogin = createSocialLoginService({ providers: deps.env.authProviders, auth, logger: deps.logger });

  const limits = deps.accountLimits ?? {};
  const writeBudget = createWriteBudget({
    limit: limits.writes ?? OWNED_WRITES_PER_MINUTE,
    windowMs: limits.writeWindowMs ?? 60_000,
    counters,
    now: deps.now ? () => deps.now!().getTime() : undefined,
  });
  // Every write to a reader's own things, from the API and the pages' forms alike.
  const notes = withWriteBudget(createNoteService({ repos, transaction, maxNotes: limits.notes }), writeBudget, [
    'create',
    'update',
    'remove',
    'updateAsOf',
    'removeAsOf',
    'order',
    'orderInGroup',
  ]);
  const noteGroups = withWriteBudget(
    createNoteGroupService({ repos, transaction, maxGroups: limits.noteGroups }),
    writeBudget,
    ['create', 'update', 'remove'],
  );
  const favorites = withWriteBudget(createFavoriteService({ repos }), writeBudget, ['save', 'unsave', 'setSavedAsOf']);
  const history = createHistoryService({ repos });
  const playback = createPlaybackService({ repos });
  const covers = createCoverService({ repos, storage: deps.media });
  const audio = createAudioService({ repos, media: deps.media });
  const videos = createVideoService({ repos, media: deps.media });
  const bookmarks = withWriteBudget(createBookmarkService({ repos }), writeBudget, [
    'create',
    'createOnce',
    'update',
    'remove',
    'removeAsOf',
  ]);
  const offlineWrites = createOfflineWriteService({ notes, history, playback, bookmarks, favorites });
  const removalRetention = createRemovalRetention({ repos, logger: deps.logger, now: deps.now });
  const playlists = withWriteBudget(createPlaylistService({ repos, transaction }), writeBudget, [
    'create',
    'update',
    'remove',
    'addItems',
    'reorder',
    'removeItem',
  ]);
  const search = timeSearches(createSearchService({ repos, logger: deps.logger }), deps.onSearchTimed);
  const searchSuggestions = createSearchSuggestionService({ repos, logger: deps.logger });
  // This process forgets its search caches when its own writes change the index, and tells the others.
  const contentChanged = () => {
    search.invalidate();
    deps.notices?.announce();
  };
  deps.notices?.listen(() => search.invalidate());
  const searchIndexer = createSearchIndexer({
    repos,
    transaction,
    logger: deps.logger,
    readTranscript: (file) => storedTranscriptSegments(deps.media, file),
    onChange: contentChanged,
  });
  const searchCollections = withWriteBudget(createSearchCollectionService({ repos }), writeBudget, [
    'create',
    'update',
    'remove',
  ]);
  const audit = createAuditService({ repos });
  const dictionary = createDictionaryService({
    repos,
    transaction,
    search,
    unihanFile: deps.unihanFile ?? path.join(deps.demoDir, '..', 'unihan', 'unihan-vi.tsv'),
    counters,
    lookupLimit: deps.lookupLimit,
  });
  const compilationAdmin = createCompilationAdminService({ repos, transaction });
  const articleAdmin = createArticleAdminService({
    repos,
    transaction,
    media: deps.media,
    onIndexed: contentChanged,
  });
  const siteAdmin = createSiteAdminService({ repos, transaction, home, site });
  const importer = createImportService({
    repos,
    transaction,
    media: deps.media,
    logger: deps.logger,
    onIndexed: contentChanged,
    uploadLimitMb: deps.env.UPLOAD_MAX_MB,
  });
  const articles = createArticleService({ repos, transaction, onIndexed: contentChanged });
  const compilations = createCompilationService({ repos });
  const adminMedia = {
    repos,
    transaction,
    media: deps.media,
    uploadLimitMb: deps.env.UPLOAD_MAX_MB,
    onIndexed: contentChanged,
  };
  const talkAdmin = createTalkAdminService(adminMedia);
  const videoAdmin = createVideoAdminService(adminMedia);
  const bookAdmin = createBookAdminService({ repos, transaction, media: deps.media, onIndexed: contentChanged });
  const demoImport = createDemoImportService({
    demoDir: deps.demoDir,
    logger: deps.logger,
    transaction,
    onIndexed: contentChanged,
    media: deps.media,
  });

  const health = createHealthService({ repos, dependencies: deps.readinessDependencies });
  // Readers' corrections count against the same write budget as their notes.
  const corrections = withWriteBudget(
    createCorrectionService({ repos, transaction, media: deps.media, onIndexed: contentChanged }),
    writeBudget,
    ['create', 'withdraw'],
  );
  const noteExport = withWriteBudget(
    createNoteExportService({ repos, transaction, maxNotes: limits.notes }),
    writeBudget,
    ['importNotes'],
  );
  const quoteCards = createQuoteCardService({ repos });
  const bookExport = createBookExportService({ repos, media: deps.media, logger: deps.logger });

  const services = {
    health,
    site,
    sitemap,
    articles,
    compilations,
    home,
    books,
    bookAdmin,
    talkAdmin,
    videoAdmin,
    library,
    demoImport,
    importer,
    audit,
    compilationAdmin,
    articleAdmin,
    siteAdmin,
    audio,
    videos,
    bookmarks,
    playlists,
    search,
    searchSuggestions,
    searchIndexer,
    searchCollections,
    dictionary,
    auth,
    accountRecovery,
    avatars,
    socialLogin,
    notes,
    noteGroups,
    corrections,
    favorites,
    history,
    playback,
    offlineWrites,
    removalRetention,
    covers,
    bookExport,
    noteExport,
    quoteCards,
  };
  return applyTestDelays(services, deps.env, deps.logger);
}

export type Services = ReturnType<typeof createServices>;
