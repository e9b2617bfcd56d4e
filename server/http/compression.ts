/**
 * Brotli and gzip for text answers (docs/decisions/0015-compression-and-fonts.md).
 *
 * - `compression()` compresses pages, API answers and public text files on the fly, as a stream
 *   (a streamed page reaches the browser chunk by chunk, not when the render ends).
 * - `precompressedAssets()` serves the `.br` / `.gz` files scripts/precompress.mjs writes beside
 *   each hashed asset at build time (brotli quality 11, too slow to do per request).
 *
 * Hono's own `hono/compress` was not used: it has no brotli on Node 20 (CompressionStream lacks
 * "br" there), no compression level, and it compresses answers of unknown length however small.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';

export type Encoding = 'br' | 'gzip';

/** Text worth compressing; images, audio, video and fonts are compressed already. */
const COMPRESSIBLE_TYPE =
  /^\s*(?:text\/(?!event-stream)[^;\s]+|application\/(?:json|javascript|x-javascript|ecmascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)(?:[;\s]|$)/i;

export function isCompressibleType(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE_TYPE.test(contentType);
}

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli when the client takes it at
 * least as gladly as gzip, gzip otherwise, null for identity (header absent, or both refused).
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name.trim(), Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  const of = (name: string) => quality.get(name) ?? quality.get('*') ?? 0;
  const br = of('br');
  const gzip = Math.max(of('gzip'), quality.get('x-gzip') ?? 0);
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Adds `Accept-Encoding` to `Vary` once (a shared cache must keep one copy per encoding). */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (vary.trim() !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) {
    headers.set('Vary', `${vary}, Accept-Encoding`);
  }
}

function createCompressor(encoding: Encoding, quality: number, sizeHint?: number): zlib.BrotliCompress | zlib.Gzip {
  if (encoding === 'gzip') return zlib.createGzip({ level: quality });
  const params: Record<number, number> = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  };
  if (sizeHint) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  return zlib.createBrotliCompress({ params });
}

/**
 * `source` compressed as it arrives. After a burst of chunks the compressor is flushed (once per
 * turn of the event loop), so a page streamed in parts is not held back until its end. The source
 * is read no faster than the client takes the output (the compressor pauses when the queue is full).
 */
export function compressStream(
  source: ReadableStream<Uint8Array>,
  encoding: Encoding,
  quality: number,
): ReadableStream<Uint8Array> {
  const compressor = createCompressor(encoding, quality);
  const flushKind = encoding === 'gzip' ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.BROTLI_OPERATION_FLUSH;
  const reader = source.getReader();
  let flushPending: NodeJS.Immediate | null = null;
  let stopped = false;
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        compressor.off('drain', done).off('close', done);
        resolve();
      };
      compressor.on('drain', done).on('close', done);
    });

  async function pump() {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (stopped) return;
        if (done) {
          if (flushPending) clearImmediate(flushPending);
          compressor.end();
          return;
        }
        if (!compressor.write(value)) await drained();
        flushPending ??= setImmediate(() => {
          flushPending = null;
          if (!stopped && compressor.writable) compressor.flush(flushKind);
        });
      }
    } catch (error) {
      compressor.destroy(error as Error);
    }
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      compressor.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 1) <= 0) compressor.pause();
      });
      compressor.once('end', () => controller.close());
      compressor.once('error', (error) => controller.error(error));
      void pump();
    },
    pull() {
      compressor.resume();
    },
    cancel(reason) {
      stopped = true;
      if (flushPending) clearImmediate(flushPending);
      compressor.destroy();
      return reader.cancel(reason);
    },
  });
}

/** Reads `source` until `limit` bytes or its end: the chunks read and whether the end was reached. */
async function readPrefix(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) return { chunks, size, done: true };
    chunks.push(value);
    size += value.byteLength;
  }
  return { chunks, size, done: false };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The chunks already read, then the rest of the reader. */
function rejoin(chunks: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index < chunks.length) return controller.enqueue(chunks[index++]!);
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** Answers that must go out as they are: partial, empty, already encoded, or marked no-transform. */
function isUntouchable(res: Response): boolean {
  return (
    res.status < 200 ||
    res.status === 204 ||
    res.status === 206 ||
    res.status === 304 ||
    res.headers.has('Content-Encoding') ||
    res.headers.has('Content-Range') ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '') ||
    !isCompressibleType(res.headers.get('Content-Type'))
  );
}

export interface CompressionOptions {
  /** Answers smaller than this go out as they are (compressing them saves less than it costs). */
  threshold?: number;
  /** Brotli quality for on-the-fly answers (0–11): 4 compresses about as well as gzip 6, faster. */
  brotliQuality?: number;
  gzipLevel?: number;
  /** Paths never compressed (media: Range answers and compressed formats). */
  skip?: (path: string) => boolean;
}

/** On-the-fly compression of every text answer over `threshold` bytes. */
export function compression(options: CompressionOptions = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  const brotliQuality = options.brotliQuality ?? 4;
  const gzipLevel = options.gzipLevel ?? 6;
  return async function compress(c: Context, next) {
    await next();
    if (options.skip?.(c.req.path)) return;
    const res = c.res;
    if (isUntouchable(res)) return;
    const isHead = c.req.method === 'HEAD';
    const declared = res.headers.get('Content-Length');
    if (declared !== null && Number(declared) < threshold) return;

    let body: ReadableStream<Uint8Array> | null = res.body;
    if (declared === null && body) {
      // Length unknown (a JSON answer, a streamed page): look at the first bytes to decide.
      const reader = body.getReader();
      const prefix = await readPrefix(reader, threshold);
      if (prefix.done && prefix.size < threshold) {
        const bytes = concat(prefix.chunks, prefix.size);
        c.res = new Response(isHead ? null : bytes, res);
        c.res.headers.set('Content-Length', String(bytes.byteLength));
        return;
      }
      body = rejoin(prefix.chunks, reader);
    }
    if (!body && !isHead) return;

    const headers = new Headers(res.headers);
    varyOnAcceptEncoding(headers);
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (encoding) {
      headers.set('Content-Encoding', encoding);
      headers.delete('Content-Length');
      // The same ETag for other bytes would be wrong; a weak one still serves If-None-Match.
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    let out: ReadableStream<Uint8Array> | null = body;
    if (isHead) {
      // HEAD: the headers GET would carry, no body (Hono drops it anyway); the render is let go.
      void body?.cancel().catch(() => undefined);
      out = null;
    } else if (encoding && body) {
      out = compressStream(body, encoding, encoding === 'br' ? brotliQuality : gzipLevel);
    }
    // Assigning c.res merges the old headers back in; set ours on the new answer afterwards.
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
    for (const name of ['Content-Encoding', 'Content-Length', 'ETag', 'Vary']) {
      const value = headers.get(name);
      if (value === null) c.res.headers.delete(name);
      else c.res.headers.set(name, value);
    }
  };
}

const PRECOMPRESSED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Serves `<file>.br` or `<file>.gz` for a request under `root` when the client takes that encoding
 * and the build wrote it; anything else (no variant, a Range request) goes on to `next`.
 */
export function precompressedAssets(root: string, options: { cacheControl: string }): MiddlewareHandler {
  const base = path.resolve(root);
  return async function precompressed(c, next) {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.header('Range')) return next();
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const name = c.req.path;
    // Hashed asset names are plain: anything with dots in a segment start, escapes or backslashes is not one.
    if (!encoding || name.includes('%') || name.includes('\\') || /(?:^|\/)\.{1,2}(?:\/|$)/.test(name)) {
      return next();
    }
    const file = path.join(base, name);
    if (!file.startsWith(base + path.sep)) return next();
    const variant = file + PRECOMPRESSED_SUFFIX[encoding];
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(variant);
    } catch {
      return next(); // no variant (a small file, an image, a font): served as it is
    }
    const headers = new Headers({
      'Content-Type': getMimeType(file) ?? 'application/octet-stream',
      'Content-Encoding': encoding,
      'Content-Length': String(stat.size),
      'Cache-Control': options.cacheControl,
      Vary: 'Accept-Encoding',
    });
    const body = c.req.method === 'HEAD' ? null : (Readable.toWeb(fs.createReadStream(variant)) as ReadableStream);
    return new Response(body, { status: 200, headers });
  };
}
