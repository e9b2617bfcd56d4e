import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_DAYS } from '#common/constants.ts';
import { ZSessionResponseSchema } from '#common/contracts/auth.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { VALIDATION_MESSAGES } from '#common/messages.ts';
import { hashSecret, newSecret } from '#server/services/auth.service.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { newReader } from '../factories/reader.ts';

const engines = await availableEngines();
const meta = { ip: '127.0.0.1', userAgent: 'vitest' };
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(engines)('session safety on %s', (engine) => {
  let t: TestApp;
  // The services' clock: tests move it to make sessions old.
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp(engine, {
      demo: false,
      loginThrottle: { perIp: 1000, freeFailures: 1000, windowMs: 60_000 },
      now: () => new Date(clock),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);
  const register = async () => {
    const reader = newReader();
    const res = await api.post('/public/user/register', { ...reader, confirmPassword: reader.password });
    expect(res.status).toBe(201);
    return { reader, ...ZSessionResponseSchema.parse(await res.json()).data };
  };
  const userExists = async (id: number) =>
    (await t.db.database.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const socialCode = (subject: string, bindingHash: string) =>
    t.services.auth.completeSocialLogin({ provider: 'google', subject, emailVerified: false }, bindingHash);

  describe('social login codes', () => {
    it('are exchanged only by the browser that started the login, and burnt by a wrong one', async () => {
      const binding = newSecret();
      const code = await socialCode('g-binding', hashSecret(binding));
      // Another browser: no binding, or its own.
      await expect(t.services.auth.exchangeLoginCode(code, undefined, meta)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: expect.stringMatching(/trình duyệt/),
      });
      const again = await socialCode('g-binding', hashSecret(binding));
      await expect(t.services.auth.exchangeLoginCode(again, newSecret(), meta)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
      // The refused code is gone: even the right browser cannot use it afterwards.
      await expect(t.services.auth.exchangeLoginCode(again, binding, meta)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
      const third = await socialCode('g-binding', hashSecret(binding));
      const session = await t.services.auth.exchangeLoginCode(third, binding, meta);
      expect(session.token.length).toBeGreaterThanOrEqual(43);
    });

    it('give exactly one session when one code is exchanged 20 times at once', async () => {
      const binding = newSecret();
      const code = await socialCode('g-race', hashSecret(binding));
      const userId = (await t.db.database.db.selectFrom('login_codes').select('user_id').executeTakeFirstOrThrow())
        .user_id;
      const before = await t.db.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => t.services.auth.exchangeLoginCode(code, binding, meta)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const after = await t.db.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
      expect(after.length - before.length).toBe(1);
    });
  });

  describe('idle sessions', () => {
    it(`end after ${SESSION_IDLE_DAYS} days without use; a session used within them goes on and is touched`, async () => {
      const start = Date.now();
      clock = start;
      const idle = await register();
      const used = await register();
      try {
        clock = start + (SESSION_IDLE_DAYS - 1) * DAY_MS;
        expect((await api.get('/me', { as: used })).status).toBe(200);
        const touched = await t.db.database.db
          .selectFrom('sessions')
          .select('last_used_at')
          .where('user_id', '=', used.user.id)
          .executeTakeFirstOrThrow();
        expect(touched.last_used_at).toBe(new Date(clock).toISOString());

        clock = start + (SESSION_IDLE_DAYS + 1) * DAY_MS;
        expect((await api.get('/me', { as: idle })).status).toBe(401);
        expect(await t.services.auth.authenticate(idle.token)).toBeNull();
        // Used two days ago: still within the idle window.
        expect((await api.get('/me', { as: used })).status).toBe(200);
      } finally {
        clock = Date.now();
      }
    });
  });

  describe('deleting the account', () => {
    it('needs the current password: none or a wrong one is a 400 and the account stays', async () => {
      const { reader, token, user } = await register();
      for (const body of [undefined, {}, { password: '' }]) {
        const res = await api.delete('/me', { as: token, body: body });
        expect(res.status).toBe(400);
        expect(ZErrorResponseSchema.parse(await res.json()).errorCode).toBe('VALIDATION_FAILED');
      }
      const missing = ZErrorResponseSchema.parse(await (await api.delete('/me', { as: token, body: {} })).json());
      expect(missing.fields).toEqual({ password: VALIDATION_MESSAGES.required });
      const wrong = await api.delete('/me', { as: token, body: { password: `${reader.password}x` } });
      expect(wrong.status).toBe(400);
      expect(ZErrorResponseSchema.parse(await wrong.json()).fields).toEqual({
        password: 'Mật khẩu hiện tại không đúng.',
      });
      expect(await userExists(user.id)).toBe(true);
      const right = await api.delete('/me', { as: token, body: { password: reader.password } });
      expect(right.status).toBe(200);
      expect(await userExists(user.id)).toBe(false);
    });

    it('asks an account without a password for a login of the last ten minutes', async () => {
      const binding = newSecret();
      const fresh = await t.services.auth.exchangeLoginCode(
        await socialCode(`g-delete-${newSecret()}`, hashSecret(binding)),
        binding,
        meta,
      );
      expect((await api.delete('/me', { as: fresh.token, body: {} })).status).toBe(200);
      expect(await userExists(fresh.user.id)).toBe(false);

      const stale = await t.services.auth.exchangeLoginCode(
        await socialCode(`g-delete-${newSecret()}`, hashSecret(binding)),
        binding,
        meta,
      );
      await t.db.database.db
        .updateTable('sessions')
        .set({ created_at: new Date(clock - 11 * 60 * 1000).toISOString() })
        .where('user_id', '=', stale.user.id)
        .execute();
      const res = await api.delete('/me', { as: stale.token, body: {} });
      expect(res.status).toBe(403);
      expect(ZErrorResponseSchema.parse(await res.json()).errorMessage).toMatch(/đăng nhập lại/);
      expect(await userExists(stale.user.id)).toBe(true);
    });
  });
});
