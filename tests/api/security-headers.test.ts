import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** HSTS only when the site is published over https; Cross-Origin-Opener-Policy always. */
describe('security headers', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });
  const headersWith = async (env: Record<string, string>) => {
    const t = await createTestApp('sqlite', { demo: false, env });
    apps.push(t);
    const res = await t.app.request('/api/v1/public/search/keywords');
    expect(res.status).toBe(200);
    return res.headers;
  };

  it('sends Strict-Transport-Security for a year when PUBLIC_URL is https, and not otherwise', async () => {
    const https = await headersWith({ PUBLIC_URL: 'https://phapbao.example.org' });
    expect(https.get('strict-transport-security')).toBe('max-age=31536000');
    expect(
      (await headersWith({ PUBLIC_URL: 'http://phapbao.example.org' })).get('strict-transport-security'),
    ).toBeNull();
    expect((await headersWith({})).get('strict-transport-security')).toBeNull();
  });

  it('sends Cross-Origin-Opener-Policy: same-origin beside the other policies', async () => {
    for (const headers of [await headersWith({}), await headersWith({ PUBLIC_URL: 'https://phapbao.example.org' })]) {
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(headers.get('permissions-policy')).toContain('camera=()');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
