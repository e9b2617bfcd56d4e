import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadForChunkError } from './chunk-reload.ts';

describe('chunk-load failure', () => {
  it('recognises the browsers’ messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    expect(shouldReloadForChunkError(1_000_000, null)).toBe(true);
    expect(shouldReloadForChunkError(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(shouldReloadForChunkError(1_000_000, 1_000_000 - 60_000)).toBe(true);
  });
});
