import { describe, expect, inject, it } from 'vitest';
import { rawRequest } from './support/raw-http.ts';

const baseURL = inject('baseURL');

// The browser tests' server has no PUBLIC_URL and listens on 127.0.0.1, like `npm start` on a laptop.
describe('a forged Host header', () => {
  const pages = ['/tin-tuc/rss', '/'];

  it('writes no link of the RSS feed or the home page (og:url) when it is not this machine', async () => {
    const port = new URL(baseURL).port;
    for (const page of pages) {
      const forged = await rawRequest(`${baseURL}${page}`, {
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      expect(forged.status, page).toBe(200);
      expect(forged.body, page).not.toContain('evil.example');
      expect(forged.body, page).toContain(`http://localhost:${port}/`);
    }
  });

  it('keeps the links on the address of this machine it was asked at', async () => {
    for (const page of pages) {
      const own = await rawRequest(`${baseURL}${page}`);
      expect(own.status, page).toBe(200);
      expect(own.body, page).toContain(`${baseURL}/`);
    }
  });
});
