import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isSafeMediaName, type MediaStorage } from './media-storage.ts';

export interface S3MediaSettings {
  bucket: string;
  /** An S3-compatible server (Ceph radosgw, MinIO, …); empty for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted servers). */
  forcePathStyle: boolean;
  /** Keys are `<prefix><media name>`: one bucket may hold several libraries. */
  prefix?: string;
}

/** Parts of a streamed upload: S3's smallest (the last part may be smaller). */
const PART_SIZE = 8 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * MediaStorage on S3-compatible object storage (docs/decisions/0029): every process of a
 * deployment, on any machine, reads and writes the same files. The app still serves them itself
 * (server/media/serve-media.ts: Range, clips cut from talks), reading only the bytes asked for.
 * Streams are uploaded in parts as they arrive (never whole in memory); an object appears only when
 * its upload completes, and a failed upload is aborted, leaving nothing.
 */
export function createS3MediaStorage(settings: S3MediaSettings, client?: S3Client): MediaStorage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  const Bucket = settings.bucket;
  const prefix = settings.prefix ?? '';
  const keyOf = (name: string): string => {
    if (!isSafeMediaName(name)) throw new Error(`unsafe media name: ${name}`);
    return prefix + name;
  };

  return {
    async stat(name) {
      if (!isSafeMediaName(name)) return null;
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: prefix + name }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    read(name, range) {
      const Key = keyOf(name);
      let body: AsyncIterator<Uint8Array> | null = null;
      // Asked for on the first pull: the interface hands back a stream at once, like a file's.
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!body) {
            const object = await s3.send(
              new GetObjectCommand({ Bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
            );
            body = (object.Body as Readable)[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
          }
          const { value, done } = await body.next();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        async cancel() {
          await body?.return?.();
        },
      });
    },
    async write(name, bytes) {
      await s3.send(new PutObjectCommand({ Bucket, Key: keyOf(name), Body: bytes, ContentLength: bytes.byteLength }));
    },
    async writeStream(name, source) {
      const Key = keyOf(name);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // A source that fails (a cut connection) fails the upload too, which then aborts its parts;
      // an upload that fails stops the source. Either way this answers once both have settled, so
      // a failed upload is aborted (no unfinished parts left in the bucket) before it is reported.
      const feeding = pipeline(Readable.from(source), counted);
      const upload = new Upload({ client: s3, params: { Bucket, Key, Body: counted }, partSize: PART_SIZE });
      const uploading = upload.done().catch((error: unknown) => {
        counted.destroy(error as Error);
        throw error;
      });
      const [uploaded, fed] = await Promise.allSettled([uploading, feeding]);
      if (fed.status === 'rejected') throw fed.reason;
      if (uploaded.status === 'rejected') throw uploaded.reason;
      return size;
    },
    async remove(name) {
      if (!isSafeMediaName(name)) return;
      await s3.send(new DeleteObjectCommand({ Bucket, Key: prefix + name }));
    },
    async list() {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length);
          if (name && isSafeMediaName(name)) names.push(name);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names.sort();
    },
  };
}

/** The storage the settings name: the bucket when MEDIA_S3_BUCKET is set, else the folder MEDIA_DIR. */
export function s3SettingsOf(env: {
  MEDIA_S3_BUCKET?: string;
  MEDIA_S3_ENDPOINT?: string;
  MEDIA_S3_REGION: string;
  MEDIA_S3_ACCESS_KEY_ID?: string;
  MEDIA_S3_SECRET_ACCESS_KEY?: string;
  MEDIA_S3_FORCE_PATH_STYLE: boolean;
  MEDIA_S3_PREFIX?: string;
}): S3MediaSettings | null {
  if (!env.MEDIA_S3_BUCKET) return null;
  return {
    bucket: env.MEDIA_S3_BUCKET,
    endpoint: env.MEDIA_S3_ENDPOINT,
    region: env.MEDIA_S3_REGION,
    accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE,
    prefix: env.MEDIA_S3_PREFIX,
  };
}
