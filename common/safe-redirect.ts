// A fixed base: whatever a value resolves to, it is on this site only if the origin stays this one.
const BASE = new URL('http://safe-redirect.invalid/');
const MAX_LENGTH = 500;
// Browsers drop or rewrite these while parsing a URL (C0, DEL, C1 controls; backslashes count as
// slashes; Unicode spaces and full-width slashes), so a value holding one may leave the site.
const UNSAFE = /[\\\s\u200b-\u200d\u2060\ufeff\uff0f\uff3c]/u;

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/**
 * Only local paths may be returned to after login: never another site (no open redirect).
 * Returns the path as the browser would resolve it (non-ASCII percent-encoded, so it fits in a
 * Location header), or '/' for anything else.
 */
export function safeRedirectPath(value: unknown): string {
  if (
    typeof value !== 'string' ||
    value.length > MAX_LENGTH ||
    !value.startsWith('/') ||
    UNSAFE.test(value) ||
    hasControlCharacter(value)
  ) {
    return '/';
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  const path = url.pathname + url.search + url.hash;
  // `/..//host` resolves to the path `//host`, which a browser would read as another site.
  if (url.origin !== BASE.origin || !path.startsWith('/') || path.startsWith('//')) return '/';
  return path;
}
