import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

/** What a browser does with the result: resolve it against the site and keep the host. */
function landsOn(path: string): string {
  return new URL(path, 'https://phap-bao.example/').host;
}

const controls = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  '\x7f',
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i)),
];
const spaces = ['\u00a0', '\u1680', '\u2000', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];

/** Ways of writing "another site" that browsers or URL parsers have been known to accept. */
function hostileVariants(): string[] {
  const variants = [
    '//evil.example/',
    '///evil.example/',
    '////evil.example/',
    '/\\evil.example/',
    '\\\\evil.example/',
    '/\\/evil.example/',
    '\\/evil.example/',
    '/%09/evil.example/',
    '/%2F%2Fevil.example/',
    '/%2f/evil.example/',
    '/%5Cevil.example/',
    '/..//evil.example/',
    '/./..//evil.example/',
    '/%2e%2e//evil.example/',
    '/a/../..//evil.example/',
    '／／evil.example/',
    '/／evil.example/',
    '/\uff3cevil.example/',
    'https://evil.example/',
    'http:evil.example',
    'https:/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example@phap-bao.example/',
    'evil.example',
    '',
    ' /',
    '.',
    `/${'a'.repeat(600)}`,
    `//${'a'.repeat(5000)}.example/`,
  ];
  for (const c of [...controls, ...spaces, '\\']) {
    variants.push(`/${c}/evil.example/`, `${c}//evil.example/`, `/${c}evil.example/`, `//${c}evil.example/`);
    variants.push(`/profile${c}`, `/pro${c}file`);
  }
  return variants;
}

describe('safeRedirectPath', () => {
  it('keeps plain local paths with their query and fragment', () => {
    for (const path of ['/', '/profile/playlist', '/search?q=t%C3%A2m&page=2', '/sach/kinh-a-di-da#chuong-2']) {
      expect(safeRedirectPath(path)).toBe(path);
    }
  });

  it('percent-encodes non-ASCII so the path fits in a Location header', () => {
    expect(safeRedirectPath('/tìm-kiếm?q=tâm')).toBe('/t%C3%ACm-ki%E1%BA%BFm?q=t%C3%A2m');
  });

  it('turns every hostile variant into "/" or a path on this site, never a 500', () => {
    const variants = hostileVariants();
    expect(variants.length).toBeGreaterThan(400);
    for (const value of variants) {
      const result = safeRedirectPath(value);
      expect(result.startsWith('/'), JSON.stringify(value)).toBe(true);
      expect(landsOn(result), JSON.stringify(value)).toBe('phap-bao.example');
      // Nothing a browser would strip or a header would refuse survives.
      expect([...result].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) >= 0x7f || ch === '\\')).toBe(false);
      expect(result.startsWith('//'), JSON.stringify(value)).toBe(false);
      expect(() => new Headers({ location: result }), JSON.stringify(value)).not.toThrow();
    }
  });

  it('refuses control characters, backslashes and Unicode spaces anywhere, not only at the start', () => {
    for (const c of [...controls, ...spaces, '\\']) {
      expect(safeRedirectPath(`/profile${c}x`), JSON.stringify(c)).toBe('/');
    }
  });

  it('refuses values that are not strings, and caps the length', () => {
    for (const value of [null, undefined, 42, ['/'], { toString: () => '/' }])
      expect(safeRedirectPath(value)).toBe('/');
    expect(safeRedirectPath(`/${'a'.repeat(600)}`)).toBe('/');
  });
});
