import type { Context } from 'hono';
import { parseRange } from './http-range.ts';
import type { MediaStorage } from './media-storage.ts';

const MIME_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

export function mimeTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return MIME_TYPES[ext] ?? 'application/octet-stream';
}

/**
 * Serves one media file with HTTP Range (206 / 416), ETag and Last-Modified (304), and a cache
 * lifetime of a day: talks are long, phones seek, and connections in the countryside drop.
 */
export async function serveMedia(c: Context, storage: MediaStorage, name: string): Promise<Response> {
  const stat = await storage.stat(name);
  if (!stat) return c.notFound();

  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.modifiedAt.getTime() / 1000).toString(16)}"`;
  const headers = new Headers({
    'Content-Type': mimeTypeOf(name),
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': stat.modifiedAt.toUTCString(),
    'Cache-Control': 'public, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
  });

  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });

  // If-Range: a range only applies when the client still has this version.
  const ifRange = c.req.header('if-range');
  const rangeHeader = ifRange && ifRange !== etag ? undefined : c.req.header('range');
  const range = parseRange(rangeHeader, stat.size);

  if (range.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  const isHead = c.req.method === 'HEAD';
  if (range.kind === 'range') {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    return new Response(isHead ? null : storage.read(name, range), { status: 206, headers });
  }
  headers.set('Content-Length', String(stat.size));
  return new Response(isHead ? null : storage.read(name), { status: 200, headers });
}
