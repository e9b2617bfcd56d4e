/** One byte range of a `Range: bytes=…` header, resolved against the file size (RFC 9110 §14). */
export type RangeResult = { kind: 'none' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Parses a Range header for a file of `size` bytes. Only single ranges are served; a header we
 * cannot read is ignored (the whole file is sent), as the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'none' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'none' };
  const [, from, to] = match;
  if (from === '' && to === '') return { kind: 'none' };
  if (from === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(to);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return size === 0 ? { kind: 'unsatisfiable' } : { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}
