import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC text on both SQLite and PostgreSQL
 * (see docs/decisions/0004-portable-schema.md); states are text enums rather than booleans.
 */
export type ContentStatus = 'published' | 'draft' | 'pending';
export type UserRole = 'reader' | 'moderator' | 'admin';

export interface MetaTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  display_name: string;
  password_hash: string | null;
  avatar: string | null;
  role: UserRole;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_used_at: string;
  user_agent: string | null;
  revoked_at: string | null;
}

export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  created_at: string;
}

/** A one-time link to set a new password (migration 0021-password-resets). */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token in the link. */
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface LoginCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  expires_at: string;
  /** SHA-256 of the secret in the cookie of the browser that started the login. */
  binding_hash: string | null;
}

/** A browser that has logged in to the account (hash of its device cookie). */
export interface LoginDevicesTable {
  id: Generated<number>;
  user_id: number;
  device_hash: string;
  created_at: string;
  last_used_at: string;
}

interface LicenseColumns {
  license_spdx: string;
  license_name: string;
  license_url: string;
  license_attribution: string | null;
  license_note: string | null;
  source_url: string | null;
}

export interface BooksTable extends LicenseColumns {
  id: Generated<number>;
  code: string;
  title: string;
  title_original: string | null;
  title_sino_vietnamese: string | null;
  author: string | null;
  translator: string | null;
  compiler: string | null;
  description: string | null;
  category: string | null;
  cover_image: string | null;
  status: ContentStatus;
  created_at: string;
  updated_at: string;
  published_at: string;
  /** The identity of the imported file (EPUB identifier, front-matter id, else its hash); null when not imported. */
  source_identifier: ColumnType<string | null, string | null | undefined, string | null>;
  /** The book's language (BCP 47) when its file states one. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** `rtl` or `ltr` when the book states or its language implies a direction. */
  text_direction: ColumnType<TextDirection | null, TextDirection | null | undefined, TextDirection | null>;
}

export type TextDirection = 'ltr' | 'rtl';

export interface ChaptersTable {
  id: Generated<number>;
  book_id: number;
  code: string;
  position: number;
  title: string | null;
  title_original: string | null;
  section: string | null;
  body_html: string;
  parallel_html: string | null;
  /** The Markdown an editor wrote it in (administration); null for imported chapters. */
  body_markdown: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface AudioCollectionsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string | null;
  speaker: string | null;
  cover_image: string | null;
  position: number;
  status: ContentStatus;
  created_at: string;
  updated_at: string;
}

export interface AudioTalksTable {
  id: Generated<number>;
  collection_id: number;
  slug: string;
  title: string;
  description: string | null;
  speaker: string | null;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  duration_seconds: number;
  recorded_on: string | null;
  transcript_file: string | null;
  position: number;
  status: ContentStatus;
  created_at: string;
  updated_at: string;
  /** Licence of the recording (null for talks imported before it was recorded). */
  license_spdx: string | null;
  license_name: string | null;
  license_url: string | null;
  license_attribution: string | null;
}

export interface VideosTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string | null;
  speaker: string | null;
  provider: 'youtube' | 'file';
  youtube_id: string | null;
  file_name: string | null;
  duration_seconds: number | null;
  status: ContentStatus;
  published_at: string;
  created_at: string;
  updated_at: string;
  /** The poster served by us at /media/{thumbnail_file} (for YouTube items too). */
  thumbnail_file: string | null;
  /** WebVTT transcript of a self-hosted video. */
  transcript_file: string | null;
  license_spdx: string | null;
  license_name: string | null;
  license_url: string | null;
  license_attribution: string | null;
}

export interface ArticleCategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string | null;
  position: number;
}

export interface ArticlesTable extends LicenseColumns {
  id: Generated<number>;
  slug: string;
  category_id: number | null;
  title: string;
  summary: string | null;
  body_html: string;
  /** The Markdown the administration's editor wrote (null for imported and demo articles). */
  body_markdown: ColumnType<string | null, string | null | undefined, string | null>;
  cover_image: string | null;
  author: string | null;
  status: ContentStatus;
  published_at: string;
  created_at: string;
  updated_at: string;
}

export interface CompilationsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  introduction: string | null;
  cover_image: string | null;
  position: number;
  status: ContentStatus;
  created_at: string;
  updated_at: string;
}

export interface CompilationItemsTable {
  id: Generated<number>;
  compilation_id: number;
  item_type: 'book' | 'talk' | 'video' | 'article';
  item_id: number;
  position: number;
  note: string | null;
}

export interface QuotesTable {
  id: Generated<number>;
  code: string;
  topic: string | null;
  pali: string | null;
  sino_vietnamese: string | null;
  chinese: string | null;
  /** A plain Vietnamese meaning (ours); quotes without one stay out of the passage of the day. */
  meaning: string | null;
  license: string;
  source_repository: string | null;
  source_path: string | null;
}

export interface HomeKeywordsTable {
  id: Generated<number>;
  position: number;
  main_term: string;
  /** JSON array of extra terms combined with AND; '[]' for a single keyword. */
  extra_terms: string;
}

export interface FooterQuotesTable {
  id: Generated<number>;
  position: number;
  text: string;
  original: string | null;
  source: string;
  translator: string | null;
}

export type NoteGroupModerationState = 'none' | 'pending' | 'approved' | 'rejected';

export interface NoteGroupsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string | null;
  visibility: Generated<'private' | 'public'>;
  /** none (private) → pending → approved | rejected; editing an approved group's content → pending. */
  moderation_state: Generated<NoteGroupModerationState>;
  moderation_reason: string | null;
  moderated_at: string | null;
  /** When the group last went into the queue. */
  submitted_at: string | null;
  approved_at: string | null;
  featured_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Every moderation step of a note group: who, when, what, why. */
export interface ModerationEventsTable {
  id: Generated<number>;
  note_group_id: number;
  actor_id: number | null;
  action: 'submit' | 'resubmit' | 'withdraw' | 'approve' | 'reject' | 'feature' | 'unfeature';
  reason: string | null;
  created_at: string;
}

export interface NotesTable {
  id: Generated<number>;
  user_id: number;
  /** Null for a quote typed by hand (its source is then source_title / source_url). */
  book_id: number | null;
  chapter_id: number | null;
  note_group_id: number | null;
  color: 'aqua' | 'yellow' | 'red';
  content: string;
  body: string | null;
  /** JSON text of NoteAnchor; null for a quote typed by hand. */
  anchor: string | null;
  source_title: string | null;
  source_url: string | null;
  position: number;
  visibility: 'private' | 'public';
  created_at: string;
  updated_at: string;
  /** The id the reader's browser gave a highlight made offline (decision 0030); one per account. */
  client_id: Generated<string | null>;
}

export interface ImportRecordsTable {
  id: Generated<number>;
  /** book:{code} or talk:{collection slug}/{talk slug}. */
  source_key: string;
  /** SHA-256 of what was imported (the file, and a talk's transcript). */
  content_hash: string;
  kind: 'book' | 'talk';
  item_id: number;
  file_name: string;
  created_at: string;
  updated_at: string;
}

export type AuditAction =
  'create' | 'update' | 'publish' | 'unpublish' | 'delete' | 'reorder' | 'upload' | 'import' | 'accept' | 'refuse';
export type AuditItemType =
  | 'book'
  | 'chapter'
  | 'collection'
  | 'talk'
  | 'video'
  | 'article'
  | 'category'
  | 'compilation'
  | 'keywords'
  | 'footer_quotes'
  | 'dictionary'
  | 'user'
  | 'correction';

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  action: AuditAction;
  item_type: AuditItemType;
  item_id: number | null;
  item_label: string;
  detail: string | null;
  created_at: string;
}

export type CorrectionItemType = 'chapter' | 'talk' | 'video';
export type CorrectionState = 'pending' | 'accepted' | 'refused';

/** A reader's proposed text for one paragraph or transcript line (migration 0027, decision 0031). */
export interface CorrectionsTable {
  id: Generated<number>;
  user_id: number;
  item_type: CorrectionItemType;
  item_id: number;
  anchor: string;
  original_text: string;
  proposed_text: string;
  note: string | null;
  state: CorrectionState;
  decided_by: number | null;
  decided_at: string | null;
  reason: string | null;
  created_at: string;
}

export interface FavoriteBooksTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  created_at: string;
  /** The latest save, by the time of the change (migration 0033); a taking-off made before it loses. */
  updated_at: string | null;
}

/** What a reader removed, and when (migration 0033): a late write from another device loses to it. */
export interface RemovalsTable {
  id: Generated<number>;
  user_id: number;
  kind: RemovalKind;
  /** The note's, bookmark's or book's id; 0 for the whole reading history. */
  item_id: number;
  /** The browser-made id of a note or bookmark made offline. */
  client_id: string | null;
  /** A removed note's row as JSON, so an edit made offline after the removal can bring it back. */
  item: string | null;
  removed_at: string;
}

export type RemovalKind = 'note' | 'talk-bookmark' | 'reading-list' | 'history';

export interface ReadingHistoryTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  chapter_id: number;
  /** The paragraph id (p-N) the reader was at, when known. */
  paragraph: string | null;
  read_at: string;
}

export interface PlaybackPositionsTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  position_ms: number;
  updated_at: string;
}

/**
 * One searchable passage. `id` packs kind, item and rank (server/search/passage-id.ts). On
 * PostgreSQL the table also has exact_tsv and folded_tsv (tsvector), written only by the search index.
 */
export interface SearchPassagesTable {
  id: number;
  kind: number;
  item_id: number;
  seq: number;
  part: string | null;
  anchor: string | null;
  start_seconds: number | null;
  body: string;
  /** Words in the passage (BM25's length D counts both columns: twice this). */
  tokens: Generated<number>;
}

/** A word of the postings index (exact or folded form): its passages and its bounds' average length. */
export interface SearchTermsTable {
  id: Generated<number>;
  form: string;
  term: string;
  /** Passages holding the word (BM25's n). */
  passages: number;
  /** The average passage length (both columns) its blocks' max_impact was computed with. */
  avgdl: number;
}

/** Items holding a word, per kind. */
export interface SearchTermKindsTable {
  term_id: number;
  kind: number;
  items: number;
}

/** A block of a word's postings (server/search/postings-codec.ts), in passage-id order. */
export interface SearchBlocksTable {
  term_id: number;
  last_id: number;
  first_id: number;
  postings: number;
  /** No posting of the block weighs more for the word (impact at the word's avgdl). */
  max_impact: number;
  data: Uint8Array;
}

export interface SearchCollectionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  query: string;
  mode: string;
  type: string;
  condition_type: string | null;
  /** JSON array of terms. */
  conditions: string;
  created_at: string;
  updated_at: string;
}

/** A stored answer of an expensive query, valid while the index is at `generation`. */
export interface SearchAnswersTable {
  key: string;
  generation: number;
  /** JSON: the ranked items and the counts per type. */
  answer: string;
  created_at: string;
}

/** An attempt counter shared by every process (migration 0025); times in ms since 1970. */
export interface RateWindowsTable {
  key: string;
  count: number;
  started_at: number;
  expires_at: number;
}

/** How often a normalised query was searched: an aggregate, nothing about who. */
export interface SearchQueryCountsTable {
  query: string;
  count: number;
  last_searched_at: string;
}

/** A client already counted for a query on a day (a hash, not an address or an account). */
export interface SearchQueryClientsTable {
  day: string;
  query: string;
  client_key: string;
}

/** A reader's bookmark in a talk. */
export interface TalkBookmarksTable {
  id: Generated<number>;
  user_id: number;
  talk_id: number;
  time_ms: number;
  label: string;
  /** The id its browser made when it was added offline (migration 0030); null when made online. */
  client_id: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface PlaylistsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface PlaylistItemsTable {
  id: Generated<number>;
  playlist_id: number;
  talk_id: number;
  position: number;
  created_at: string;
}

/** One row (id 1): moved on by triggers whenever what anonymous pages show changes (migration 0019). */
export interface ContentGenerationTable {
  id: number;
  /** bigint: PostgreSQL returns it as text. */
  value: ColumnType<number | string, number, number>;
}

export interface DictionariesTable {
  id: Generated<number>;
  name: string;
  license: string;
  source_url: string | null;
  entry_count: number;
  created_at: string;
  updated_at: string;
}

export interface DictionaryEntriesTable {
  id: Generated<number>;
  dictionary_id: number;
  headword: string;
  reading: string | null;
  /** The reading in search's folded form (no marks, đ → d), to look a Vietnamese term up by. */
  reading_folded: string | null;
  meaning: string;
}

export interface DB {
  meta: MetaTable;
  content_generation: ContentGenerationTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_identities: UserIdentitiesTable;
  login_codes: LoginCodesTable;
  login_devices: LoginDevicesTable;
  password_resets: PasswordResetsTable;
  note_groups: NoteGroupsTable;
  moderation_events: ModerationEventsTable;
  import_records: ImportRecordsTable;
  audit_log: AuditLogTable;
  corrections: CorrectionsTable;
  notes: NotesTable;
  favorite_books: FavoriteBooksTable;
  removals: RemovalsTable;
  reading_history: ReadingHistoryTable;
  playback_positions: PlaybackPositionsTable;
  books: BooksTable;
  chapters: ChaptersTable;
  audio_collections: AudioCollectionsTable;
  audio_talks: AudioTalksTable;
  videos: VideosTable;
  article_categories: ArticleCategoriesTable;
  articles: ArticlesTable;
  compilations: CompilationsTable;
  compilation_items: CompilationItemsTable;
  quotes: QuotesTable;
  home_keywords: HomeKeywordsTable;
  footer_quotes: FooterQuotesTable;
  search_passages: SearchPassagesTable;
  search_collections: SearchCollectionsTable;
  search_query_counts: SearchQueryCountsTable;
  search_query_clients: SearchQueryClientsTable;
  search_answers: SearchAnswersTable;
  rate_windows: RateWindowsTable;
  search_terms: SearchTermsTable;
  search_term_kinds: SearchTermKindsTable;
  search_blocks: SearchBlocksTable;
  dictionaries: DictionariesTable;
  dictionary_entries: DictionaryEntriesTable;
  talk_bookmarks: TalkBookmarksTable;
  playlists: PlaylistsTable;
  playlist_items: PlaylistItemsTable;
}
