import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { isAppError } from '#server/errors.ts';
import { createRepositories, type Repositories } from '#server/repositories/index.ts';
import { createAuthService, type AuthService } from '#server/services/auth.service.ts';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { newReader } from '../factories/reader.ts';

const engines = await availableEngines();
const meta = { ip: '203.0.113.7', userAgent: 'vitest' };

/** The outcome of one login: 'ok', or the status of the refusal (401, 429). */
async function attempt(auth: AuthService, username: string, password: string, extra: object = {}) {
  try {
    await auth.login({ username, password }, { ...meta, ...extra });
    return 'ok';
  } catch (error) {
    if (!isAppError(error)) throw error;
    return error.status;
  }
}

describe.each(engines)('login throttle on %s', (engine) => {
  let db: TestDatabase;
  let repos: Repositories;
  let clock: number;
  const makeAuth = (throttle: { perIp: number; freeFailures: number; windowMs: number }) =>
    createAuthService({
      repos,
      transaction: (work) => db.database.db.transaction().execute((trx) => work(createRepositories(trx))),
      now: () => new Date(clock),
      loginThrottle: throttle,
    });
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    repos = createRepositories(db.database.db);
    clock = Date.parse('2026-05-01T08:00:00Z');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('counts wrong passwords per account, whichever identifier is typed, then waits a growing delay', async () => {
    const auth = makeAuth({ perIp: 1000, freeFailures: 3, windowMs: 60_000 });
    const reader = newReader();
    await auth.register({ ...reader, confirmPassword: reader.password }, meta);
    // Username and e-mail share one count: three wrong tries in all, not three each.
    expect(await attempt(auth, reader.username, 'sai-mat-khau')).toBe(401);
    expect(await attempt(auth, reader.email, 'sai-mat-khau')).toBe(401);
    expect(await attempt(auth, reader.username.toUpperCase(), 'sai-mat-khau')).toBe(401);
    // Straight after: wait 1 s (not a 15-minute lockout), even with the right password.
    expect(await attempt(auth, reader.email, reader.password)).toBe(429);
    clock += 1000;
    expect(await attempt(auth, reader.email, 'sai-mat-khau')).toBe(401);
    // The next wait doubles.
    clock += 1000;
    expect(await attempt(auth, reader.username, reader.password)).toBe(429);
    clock += 1000;
    // The owner waited the delay: the right password works.
    expect(await attempt(auth, reader.username, reader.password)).toBe('ok');
    // Success resets the count.
    expect(await attempt(auth, reader.username, 'sai-mat-khau')).toBe(401);
    expect(await attempt(auth, reader.username, reader.password)).toBe('ok');
  });

  it('says how long to wait, in Vietnamese', async () => {
    const auth = makeAuth({ perIp: 1000, freeFailures: 1, windowMs: 60_000 });
    const reader = newReader();
    await auth.register({ ...reader, confirmPassword: reader.password }, meta);
    // Ten wrong tries, each after waiting the delay the one before earned (1 s, 2 s, 4 s, …).
    for (let i = 0; i < 10; i++) {
      if (i > 0) clock += 2 ** (i - 1) * 1000;
      expect(await attempt(auth, reader.username, 'sai-mat-khau')).toBe(401);
    }
    await expect(auth.login({ username: reader.username, password: reader.password }, meta)).rejects.toThrow(
      /Xin đợi \d+ (giây|phút) rồi thử lại/,
    );
  });

  it('lets a browser that logged in to the account before skip the delay, not a stranger', async () => {
    const auth = makeAuth({ perIp: 1000, freeFailures: 2, windowMs: 60_000 });
    const reader = newReader();
    const { user } = await auth.register({ ...reader, confirmPassword: reader.password }, meta);
    const device = await auth.rememberDevice(user.id, null);
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Remembering the same browser again hands out nothing new.
    expect(await auth.rememberDevice(user.id, device)).toBeNull();
    // A stranger who knows the public username types wrong passwords from elsewhere.
    for (let i = 0; i < 6; i++) await attempt(auth, reader.username, 'sai-mat-khau');
    expect(await attempt(auth, reader.username, reader.password)).toBe(429);
    expect(await attempt(auth, reader.username, reader.password, { deviceToken: 'x'.repeat(43) })).toBe(429);
    // The reader's own browser is let in with the right password.
    expect(await attempt(auth, reader.username, reader.password, { deviceToken: device })).toBe('ok');
    // A device known to another account does not help here.
    const other = newReader();
    const { user: otherUser } = await auth.register({ ...other, confirmPassword: other.password }, meta);
    const otherDevice = await auth.rememberDevice(otherUser.id, null);
    for (let i = 0; i < 6; i++) await attempt(auth, reader.username, 'sai-mat-khau');
    expect(await attempt(auth, reader.username, reader.password, { deviceToken: otherDevice })).toBe(429);
  });

  it('counts in the database: two processes (two services on one database) share both limits', async () => {
    const a = makeAuth({ perIp: 4, freeFailures: 2, windowMs: 60_000 });
    const b = makeAuth({ perIp: 4, freeFailures: 2, windowMs: 60_000 });
    const from = { ...meta, ip: '203.0.113.41' };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt(i % 2 ? b : a, `khach-${i}`, 'sai-mat-khau', from));
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // The fifth was refused by a; b refuses too, without a count of its own.
    expect(await attempt(b, 'khach-9', 'sai-mat-khau', from)).toBe(429);

    const reader = newReader();
    const own = { ...meta, ip: '203.0.113.42' };
    await a.register({ ...reader, confirmPassword: reader.password }, own);
    expect(await attempt(a, reader.username, 'sai-mat-khau', own)).toBe(401);
    expect(await attempt(b, reader.username, 'sai-mat-khau', own)).toBe(401);
    // Two failures counted across both: b must wait as well as a.
    expect(await attempt(b, reader.username, reader.password, { ip: '203.0.113.43' })).toBe(429);
    clock += 1000;
    expect(await attempt(b, reader.username, reader.password, { ip: '203.0.113.43' })).toBe('ok');
  });

  it('limits an address across accounts, and a refused address adds nothing to the counters', async () => {
    const auth = makeAuth({ perIp: 8, freeFailures: 1000, windowMs: 60_000 });
    // Counts are kept in the database: an address the tests above have not used.
    const flooder = { ...meta, ip: '203.0.113.99' };
    const start = await auth.loginThrottleSizes();
    const statuses = [];
    for (let i = 0; i < 9; i++) statuses.push(await attempt(auth, `nguoi-la-${i}`, 'sai-mat-khau', flooder));
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(statuses[8]).toBe(429);
    const before = await auth.loginThrottleSizes();
    // A flood of fresh usernames from the refused address: nothing more is remembered.
    for (let i = 0; i < 40_000; i++) {
      try {
        await auth.login({ username: `ten-moi-${i}`, password: 'sai-mat-khau' }, flooder);
      } catch {
        // 429, as asserted above
      }
    }
    expect(await auth.loginThrottleSizes()).toEqual(before);
    expect(before.accounts - start.accounts).toBeLessThanOrEqual(8);
  });
});

describe('login throttle over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      demo: false,
      loginThrottle: { perIp: 3, freeFailures: 1000, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with a Vietnamese errorMessage once the address has used its tries', async () => {
    const login = (username: string) =>
      t.app.request('/api/v1/public/user/login', {
        method: 'POST',
        body: JSON.stringify({ username, password: 'sai-mat-khau' }),
        headers: { 'content-type': 'application/json' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(`ai-do-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = ZErrorResponseSchema.parse(await (await login('ai-do-9')).json());
    expect(limited.errorCode).toBe('TOO_MANY_REQUESTS');
    expect(limited.errorMessage).toMatch(/quá nhiều lần/);
  });
});
