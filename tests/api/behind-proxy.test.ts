import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { freePort } from '../e2e/support/processes.ts';
import { startOidcProvider, TEST_CLIENT } from '../e2e/support/oidc-provider.ts';

const engines = await availableEngines();

const login = (t: TestApp, username: string, forwardedFor: string) =>
  t.app.request('/api/v1/public/user/login', {
    method: 'POST',
    body: JSON.stringify({ username, password: 'sai-mat-khau' }),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
  });

describe.each(engines)('login rate limit behind a trusted proxy on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      demo: false,
      env: { TRUST_PROXY: 'true' },
      loginThrottle: { perIp: 30, freeFailures: 1000, windowMs: 15 * 60 * 1000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the address the proxy saw, not the one the client wrote on the left of X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      // The client writes any address it likes; nginx appends the one it was connected from.
      const res = await login(t, `ai-do-${i}`, `10.9.${i}.1, 203.0.113.7`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array<number>(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array<number>(5).fill(429));
    // Another reader behind the same proxy keeps their own allowance.
    expect((await login(t, 'ai-do-khac', '10.9.0.1, 198.51.100.4')).status).toBe(401);
  });
});

describe.each(engines)('absolute links and a forged Host on %s', (engine) => {
  let t: TestApp;
  let trusting: TestApp;
  let oidc: { close(): Promise<void> };
  beforeAll(async () => {
    const oidcPort = await freePort();
    // The callback the provider accepts: the fallback origin (no PUBLIC_URL, default PORT).
    const provider = await startOidcProvider(oidcPort, 'http://localhost:3000/api/v1/auth/thu-nghiem/callback');
    oidc = provider;
    const authEnv = {
      AUTH_PROVIDERS: 'thu-nghiem',
      AUTH_THU_NGHIEM_ISSUER: provider.issuer,
      AUTH_THU_NGHIEM_CLIENT_ID: TEST_CLIENT.id,
      AUTH_THU_NGHIEM_CLIENT_SECRET: TEST_CLIENT.secret,
    };
    t = await createTestApp(engine, { demo: false, env: authEnv });
    trusting = await createTestApp(engine, { demo: false, env: { ...authEnv, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    await trusting.close();
    await oidc.close();
  });

  const redirectUriOf = (res: Response) => {
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!).searchParams.get('redirect_uri');
  };

  it('never makes a link from a Host header that is not this machine', () => {
    expect(t.services.site.originFor('http://evil.example/tin-tuc/rss')).toBe('http://localhost:3000');
    expect(t.services.site.originFor('https://evil.example:8443/')).toBe('http://localhost:3000');
    // On this machine itself (a laptop, the browser tests) the request's own origin is right.
    expect(t.services.site.originFor('http://127.0.0.1:4321/sach')).toBe('http://127.0.0.1:4321');
    expect(t.services.site.originFor('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(t.services.site.originFor('http://[::1]:3000/')).toBe('http://[::1]:3000');
  });

  it('makes the OpenID redirect URI by the same rule, whatever Host or X-Forwarded-Host says', async () => {
    const forged = await t.app.request('http://evil.example/api/v1/auth/thu-nghiem/start', {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(redirectUriOf(forged)).toBe('http://localhost:3000/api/v1/auth/thu-nghiem/callback');
    // Behind a trusted proxy the forwarded host is still the client's word: no link from it either.
    const forwarded = await trusting.app.request('http://127.0.0.1:3000/api/v1/auth/thu-nghiem/start', {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(redirectUriOf(forwarded)).toBe('http://localhost:3000/api/v1/auth/thu-nghiem/callback');
  });

  it('behind a trusted proxy, takes the scheme and host the browser used (Secure pending cookie)', async () => {
    const res = await trusting.app.request('http://127.0.0.1:3000/api/v1/auth/thu-nghiem/start', {
      headers: { 'x-forwarded-host': 'localhost:8443', 'x-forwarded-proto': 'https' },
    });
    expect(redirectUriOf(res)).toBe('https://localhost:8443/api/v1/auth/thu-nghiem/callback');
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
    // Without TRUST_PROXY the same headers change nothing.
    const direct = await t.app.request('http://127.0.0.1:3000/api/v1/auth/thu-nghiem/start', {
      headers: { 'x-forwarded-host': 'localhost:8443', 'x-forwarded-proto': 'https' },
    });
    expect(redirectUriOf(direct)).toBe('http://127.0.0.1:3000/api/v1/auth/thu-nghiem/callback');
    expect(direct.headers.get('set-cookie')).not.toMatch(/; Secure/);
  });
});
