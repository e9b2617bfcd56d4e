import { CHUNK_RELOAD_INTERVAL_MS } from '#common/constants.ts';

const STORAGE_KEY = 'phap-bao:chunk-reload-at';

/** Messages browsers give when a lazily loaded route module (a chunk) cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/** A reload is allowed when none happened in the last 60 seconds. */
export function shouldReloadForChunkError(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/**
 * After a deploy, an open tab may ask for chunks that no longer exist: reload once to get the new
 * version, but never loop (at most one reload per 60 s). Returns true when a reload was started.
 */
export function reloadAfterChunkError(): boolean {
  let last: number | null = null;
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    last = stored ? Number(stored) : null;
  } catch {
    // Storage may be unavailable (private mode); then we still reload at most once per page.
  }
  const now = Date.now();
  if (!shouldReloadForChunkError(now, last)) return false;
  try {
    window.localStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // ignore
  }
  window.location.reload();
  return true;
}
