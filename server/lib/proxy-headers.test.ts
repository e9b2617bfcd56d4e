import { describe, expect, it } from 'vitest';
import { browserUrlOf, clientAddressOf, isLoopbackHost, withUrl } from './proxy-headers.ts';

describe('clientAddressOf', () => {
  it('takes the entry written by the nearest trusted proxy, never the left-most', () => {
    expect(clientAddressOf('6.6.6.6, 203.0.113.7', 1, '10.0.0.2')).toBe('203.0.113.7');
    expect(clientAddressOf('203.0.113.7', 1, '10.0.0.2')).toBe('203.0.113.7');
    // A CDN in front of nginx: the CDN wrote the reader, nginx wrote the CDN.
    expect(clientAddressOf('6.6.6.6, 203.0.113.7, 198.51.100.9', 2, '10.0.0.2')).toBe('203.0.113.7');
    expect(clientAddressOf('2001:db8::1, ::ffff:203.0.113.7', 1, undefined)).toBe('::ffff:203.0.113.7');
  });

  it('falls back to the socket address when the header is absent, too short or not an address', () => {
    expect(clientAddressOf(undefined, 1, '10.0.0.2')).toBe('10.0.0.2');
    expect(clientAddressOf('203.0.113.7', 2, '10.0.0.2')).toBe('10.0.0.2');
    expect(clientAddressOf('', 1, '10.0.0.2')).toBe('10.0.0.2');
    expect(clientAddressOf('6.6.6.6, nonsense', 1, '10.0.0.2')).toBe('10.0.0.2');
    expect(clientAddressOf('6.6.6.6,', 1, undefined)).toBeUndefined();
  });
});

describe('isLoopbackHost', () => {
  it('knows the names only this machine answers to', () => {
    for (const name of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) {
      expect(isLoopbackHost(name), name).toBe(true);
    }
    for (const name of [
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      '0.0.0.0',
      '[::]',
      '10.0.0.1',
    ]) {
      expect(isLoopbackHost(name), name).toBe(false);
    }
  });
});

describe('browserUrlOf', () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  const forwarded = headers({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'phapbao.example.org' });

  it('behind a trusted proxy, takes the forwarded scheme and host (the port too)', () => {
    const settings = { publicUrl: undefined, trustProxy: true };
    expect(browserUrlOf('http://127.0.0.1:3000/login?x=1', forwarded, settings)).toBe(
      'https://phapbao.example.org/login?x=1',
    );
    expect(browserUrlOf('http://127.0.0.1:3000/', headers({ 'x-forwarded-proto': 'https' }), settings)).toBe(
      'https://127.0.0.1:3000/',
    );
    expect(browserUrlOf('http://a/', headers({ 'x-forwarded-host': 'localhost:8443, b' }), settings)).toBe(
      'http://localhost:8443/',
    );
    // Something that is not a host name is ignored rather than spliced into the URL.
    expect(browserUrlOf('http://a:3000/p', headers({ 'x-forwarded-host': 'evil.example/@x' }), settings)).toBe(
      'http://a:3000/p',
    );
  });

  it('without a trusted proxy, ignores the forwarded headers and uses PUBLIC_URL when set', () => {
    expect(browserUrlOf('http://127.0.0.1:3000/a', forwarded, { publicUrl: undefined, trustProxy: false })).toBe(
      'http://127.0.0.1:3000/a',
    );
    expect(
      browserUrlOf('http://127.0.0.1:3000//a?b', forwarded, { publicUrl: 'https://site.example/', trustProxy: false }),
    ).toBe('https://site.example//a?b');
  });
});

describe('withUrl', () => {
  it('keeps the method, headers and streamed body', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('a=1'));
        controller.close();
      },
    });
    const original = new Request('http://127.0.0.1:3000/login', {
      method: 'POST',
      headers: { origin: 'https://site.example', 'content-type': 'application/x-www-form-urlencoded' },
      body,
      duplex: 'half',
    } as RequestInit);
    const copy = withUrl(original, 'https://site.example/login');
    expect(copy.url).toBe('https://site.example/login');
    expect(copy.method).toBe('POST');
    expect(copy.headers.get('origin')).toBe('https://site.example');
    expect(await copy.text()).toBe('a=1');
  });
});
