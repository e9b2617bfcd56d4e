import crypto from 'node:crypto';

/** A rendered page kept for anonymous readers (server/page-cache/page-cache.ts decides what is kept). */
export interface StoredPage {
  /** The body cut at every occurrence of the nonce it was rendered with: joined again with a fresh one. */
  parts: string[];
  /** Headers of the answer, the per-response ones (CSP, request id, dates) left out. */
  headers: [string, string][];
  /** A strong hash of the body as rendered (its nonce included), computed once. */
  hash: string;
  /** The content generation (docs/decisions/0017) read before the page was rendered. */
  generation: number;
  /** When it is dropped whatever the generation (its random parts: footer quote, suggestions). */
  expiresAt: number;
  bytes: number;
}

/** Cuts `body` at every `nonce` and hashes it, ready for the store. */
export function preparePage(
  body: string,
  nonce: string | undefined,
  meta: { headers: [string, string][]; generation: number; expiresAt: number },
): StoredPage {
  return {
    parts: nonce ? body.split(nonce) : [body],
    hash: crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27),
    bytes: Buffer.byteLength(body) + 512,
    ...meta,
  };
}

/** The body with this response's nonce in every place the stored one was. */
export function stampNonce(page: StoredPage, nonce: string | undefined): string {
  return page.parts.join(nonce ?? '');
}

/**
 * Pages by key, least recently used dropped first once the bodies pass `maxBytes`. A page past
 * its time or rendered at an older generation is never answered (and is dropped when met).
 */
export function createPageStore(options: { maxBytes: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const pages = new Map<string, StoredPage>();
  let bytes = 0;

  function remove(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  }

  return {
    /** The page stored under `key` if it is still good at `generation`. */
    get(key: string, generation: number): StoredPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      if (page.generation !== generation || page.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      // Most recently used last: Map keeps insertion order.
      pages.delete(key);
      pages.set(key, page);
      return page;
    },

    set(key: string, page: StoredPage): void {
      remove(key);
      // A page larger than an eighth of the store would push out too many others.
      if (page.bytes > options.maxBytes / 8) return;
      pages.set(key, page);
      bytes += page.bytes;
      for (const oldest of pages.keys()) {
        if (bytes <= options.maxBytes) break;
        remove(oldest);
      }
    },

    get size() {
      return pages.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;
