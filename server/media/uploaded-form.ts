import type { MediaStorage } from './media-storage.ts';

/** A file of the form written to media storage as it arrived. */
export interface StoredUpload {
  field: string;
  /** The name the browser gave (NFC), for a title when the file has none. */
  fileName: string;
  /** Its name in media storage. */
  mediaName: string;
  size: number;
}

/** A small file of the form (a transcript, a poster) read into memory, within its own limit. */
export interface SmallUpload {
  field: string;
  fileName: string;
  bytes: Buffer;
}

/** An upload form once read: its text fields, the files already in storage, the small files. */
export interface UploadedForm {
  fields: Record<string, string>;
  stored: StoredUpload[];
  small: SmallUpload[];
  /** Removes the stored files (when what follows refuses them). */
  discard(): Promise<void>;
}

/** What a service takes from an upload form: where its large files go and how large each may be. */
export interface UploadFormSpec {
  media: MediaStorage;
  /** The whole body may not be larger (UPLOAD_MAX_MB). */
  limitBytes: number;
  tooLargeMessage: string;
  /** File fields streamed to storage, each with the media name its file gets. */
  storedFields: Record<string, () => string>;
  /** File fields read into memory, each with its largest size in bytes. */
  smallFields: Record<string, number>;
}

/**
 * Reads the upload form of the request under way by the service's spec. The route makes it
 * (server/http/streamed-form.ts), so a service never sees the request; the service calls it after
 * its own checks (who asks, which row), so nothing is stored for a refused upload.
 */
export type UploadFormReader = (spec: UploadFormSpec) => Promise<UploadedForm>;
