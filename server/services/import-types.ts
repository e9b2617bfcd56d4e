import type { AuditActor } from './audit.service.ts';

export type ImportStatus = 'added' | 'updated' | 'skipped' | 'failed';

export interface ImportOutcome {
  /** The file's name as given (relative to what was imported). */
  file: string;
  kind: 'book' | 'talk' | null;
  status: ImportStatus;
  title: string | null;
  /** Why it failed or was skipped; remarks about an import that went through (a cover left out). */
  reason: string | null;
  /** The page of what was imported (a book's /sach/{code}, a talk's collection). */
  path: string | null;
}

/** One file to import: its name (for its type, and titles when it has none), bytes, and for an MP3 its transcript and collection. */
export interface ImportInput {
  name: string;
  bytes: Buffer;
  transcript?: { name: string; text: string } | null;
  /** The collection of a talk (the folder it came from). */
  collection?: string | null;
}

export interface ImportOptions {
  /** Read and check everything, write nothing: the summary says what would happen. */
  dryRun?: boolean;
  /** New books and talks start unpublished. */
  draft?: boolean;
  /** Who imports, for the audit log (an admin of the upload form, or the command line). */
  actor?: AuditActor;
}
