import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, newSecret } from '#server/services/auth.service.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { newReader } from '../factories/reader.ts';

const engines = await availableEngines();
const meta = { ip: '127.0.0.1', userAgent: 'vitest' };
// The secret of the browser's /login cookie, and the hash the callback stores with each code.
const binding = newSecret();
const bindingHash = hashSecret(binding);

// The OpenID round trip itself runs in the browser tests against a real provider; here, what a
// verified login does to accounts.
describe.each(engines)('social login accounts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('links a verified e-mail to the existing account', async () => {
    const reader = newReader();
    const existing = await t.services.auth.register({ ...reader, confirmPassword: reader.password }, meta);
    const code = await t.services.auth.completeSocialLogin(
      {
        provider: 'google',
        subject: 'g-123',
        email: reader.email.toUpperCase(),
        emailVerified: true,
        name: 'Ai Đó',
      },
      bindingHash,
    );
    const session = await t.services.auth.exchangeLoginCode(code, binding, meta);
    expect(session.user.id).toBe(existing.user.id);
    // The identity is remembered: the next login with it finds the same account.
    const again = await t.services.auth.exchangeLoginCode(
      await t.services.auth.completeSocialLogin(
        { provider: 'google', subject: 'g-123', emailVerified: false },
        bindingHash,
      ),
      binding,
      meta,
    );
    expect(again.user.id).toBe(existing.user.id);
  });

  it('makes a new account when the e-mail is not verified, never taking over another', async () => {
    const reader = newReader();
    const existing = await t.services.auth.register({ ...reader, confirmPassword: reader.password }, meta);
    const code = await t.services.auth.completeSocialLogin(
      {
        provider: 'facebook',
        subject: 'f-9',
        email: reader.email,
        emailVerified: false,
        name: 'Người Khác',
      },
      bindingHash,
    );
    const session = await t.services.auth.exchangeLoginCode(code, binding, meta);
    expect(session.user.id).not.toBe(existing.user.id);
    expect(session.user.email).toBeNull();
    expect(session.user.displayName).toBe('Người Khác');
    expect(session.user.username).toMatch(/^[a-z0-9._-]{5,20}$/);
  });

  it('accepts a login code once, and not after it expired', async () => {
    const code = await t.services.auth.completeSocialLogin(
      {
        provider: 'google',
        subject: 'g-once',
        emailVerified: false,
      },
      bindingHash,
    );
    await t.services.auth.exchangeLoginCode(code, binding, meta);
    await expect(t.services.auth.exchangeLoginCode(code, binding, meta)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const stale = await t.services.auth.completeSocialLogin(
      {
        provider: 'google',
        subject: 'g-stale',
        emailVerified: false,
      },
      bindingHash,
    );
    await t.db.database.db
      .updateTable('login_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await expect(t.services.auth.exchangeLoginCode(stale, binding, meta)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('refuses an unknown provider and a callback without its pending state', async () => {
    await expect(t.services.socialLogin.start('khong-co', 'http://x/cb', '/')).rejects.toMatchObject({ status: 404 });
    const res = await t.app.request('/api/v1/auth/khong-co/start');
    expect(res.status).toBe(404);
    expect(t.services.socialLogin.parsePending('rac')).toBeNull();
    expect(t.services.socialLogin.parsePending(undefined)).toBeNull();
  });
});
