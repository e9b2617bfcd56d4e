import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSessionResponseSchema } from '#common/contracts/auth.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { RECOVERY_MESSAGES, VALIDATION_MESSAGES } from '#common/messages.ts';
import { newReader, type Reader } from '../factories/reader.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { failUpdatesOf } from '../support/failing-updates.ts';
import { type MailCatcher, resetLinkOf, startMailCatcher } from '../support/mail-catcher.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const PUBLIC_URL = 'https://phapbao.example.org';
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

describe.each(engines)('account recovery on %s', (engine) => {
  let t: TestApp;
  let mail: MailCatcher;
  let clockMs = Date.parse('2026-03-01T08:00:00Z');
  // Each request comes from its own address unless a test says otherwise (TRUST_PROXY reads it).
  let nextAddress = 1;
  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await createTestApp(engine, {
      demo: false,
      now: () => new Date(clockMs),
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        MAIL_FROM: 'Pháp Bảo <khong-tra-loi@phapbao.example.org>',
        PUBLIC_URL,
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const api = apiClient(() => t);
  // Each call from another address, so the per-address limits of recovery do not add up across tests.
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    api.post(url, body, { headers: { 'x-forwarded-for': `203.0.113.${nextAddress++ % 250}`, ...headers } });
  const register = async (reader: Reader = newReader()) => {
    const res = await post('/public/user/register', { ...reader, confirmPassword: reader.password });
    expect(res.status).toBe(201);
    return { reader, token: ZSessionResponseSchema.parse(await res.json()).data.token };
  };
  const login = (username: string, password: string) => post('/public/user/login', { username, password });
  const me = (token: string) => api.get('/me', { as: token });
  const forgot = (email: string, headers?: Record<string, string>) =>
    post('/public/user/forgot_password', { email }, headers);
  const reset = (token: string, password: string) =>
    post('/public/user/reset_password', { token, password, confirmPassword: password });
  /** Asks for a link for `email` and returns the token of the mail that arrives. */
  const linkFor = async (email: string) => {
    const arrived = mail.next(email);
    expect((await forgot(email)).status).toBe(200);
    return resetLinkOf(await arrived).searchParams.get('token')!;
  };
  const resetRows = () => t.db.database.db.selectFrom('password_resets').selectAll().execute();

  it('mails a one-time link made from PUBLIC_URL (never the Host header), in Vietnamese; only its hash is stored', async () => {
    const { reader } = await register();
    const arrived = mail.next(reader.email);
    const res = await forgot(reader.email.toUpperCase(), { host: 'ke-gia-mao.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true } });
    const message = await arrived;
    expect(message.subject).toBe('Đặt lại mật khẩu Pháp Bảo');
    expect(message.text).toContain('trong vòng 30 phút');
    expect(message.text).toContain(reader.username.toLowerCase());
    const link = resetLinkOf(message);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/dat-lai-mat-khau');
    expect(message.html).toContain(link.href.replace(/&/g, '&amp;'));
    expect(message.raw).not.toContain('ke-gia-mao');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = (await resetRows()).filter((r) => r.token_hash === sha256(token));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(await resetRows())).not.toContain(token);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(30 * 60 * 1000);
  });

  it('sets the new password once: logged in, every session and known device gone, the old password refused', async () => {
    const { reader, token: firstSession } = await register();
    const secondSession = ZSessionResponseSchema.parse(await (await login(reader.username, reader.password)).json())
      .data.token;
    const user = (await t.services.auth.authenticate(firstSession))!;
    expect(await t.services.auth.rememberDevice(user.id, null)).toBeTruthy();
    const token = await linkFor(reader.email);

    const res = await reset(token, 'mat-khau-moi-1');
    expect(res.status).toBe(200);
    const session = ZSessionResponseSchema.parse(await res.json()).data;
    expect(session.user.id).toBe(user.id);
    expect((await me(session.token)).status).toBe(200);
    for (const old of [firstSession, secondSession]) expect((await me(old)).status).toBe(401);
    const devices = await t.db.database.db
      .selectFrom('login_devices')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(devices).toEqual([]);
    expect((await login(reader.username, reader.password)).status).toBe(401);
    expect((await login(reader.email, 'mat-khau-moi-1')).status).toBe(200);

    // Used up: the same link again is refused, and so is any unknown one.
    expect((await reset('x'.repeat(300), 'mat-khau-moi-2')).status).toBe(400);
    for (const again of [token, 'khong-phai-lien-ket']) {
      const refused = await reset(again, 'mat-khau-moi-2');
      expect(refused.status).toBe(400);
      expect(ZErrorResponseSchema.parse(await refused.json()).errorMessage).toBe(RECOVERY_MESSAGES.invalidLink);
    }
    expect((await login(reader.username, 'mat-khau-moi-2')).status).toBe(401);
    expect((await resetRows()).filter((r) => r.user_id === user.id)).toEqual([]);
  });

  it('gives one success to twenty parallel resets with the same link', async () => {
    const { reader } = await register();
    const token = await linkFor(reader.email);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reset(token, `song-song-${String(i).padStart(2, '0')}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    const winner = results.findIndex((r) => r.status === 200);
    expect((await login(reader.username, `song-song-${String(winner).padStart(2, '0')}`)).status).toBe(200);
  });

  it('keeps the link usable when the reset fails half-way, and spends it when one succeeds', async () => {
    const { reader, token: session } = await register();
    const token = await linkFor(reader.email);
    // The password is written, then revoking the sessions fails: the whole reset must roll back.
    const restore = await failUpdatesOf(t.db.database, 'sessions');
    try {
      const failed = await reset(token, 'mat-khau-giua-chung');
      expect(failed.status).toBe(500);
      expect(ZErrorResponseSchema.parse(await failed.json()).errorCode).toBe('INTERNAL');
    } finally {
      await restore();
    }
    expect(await t.services.accountRecovery.isLinkLive(token)).toBe(true);
    expect((await me(session)).status).toBe(200);
    expect((await login(reader.username, 'mat-khau-giua-chung')).status).toBe(401);
    expect((await login(reader.username, reader.password)).status).toBe(200);

    // The same link, raced by ten requests once nothing fails: one sets the password.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => reset(token, `lan-hai-${String(i).padStart(2, '0')}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    const winner = statuses.indexOf(200);
    expect((await login(reader.username, `lan-hai-${String(winner).padStart(2, '0')}`)).status).toBe(200);
    expect((await me(session)).status).toBe(401);
    expect((await reset(token, 'lan-ba-mat-khau')).status).toBe(400);
  });

  it('lets a link work for 30 minutes and not a second longer', async () => {
    const { reader } = await register();
    const early = await linkFor(reader.email);
    const late = await linkFor(reader.email);
    clockMs += 30 * 60 * 1000 - 1000;
    expect(await t.services.accountRecovery.isLinkLive(late)).toBe(true);
    clockMs += 1000;
    expect(await t.services.accountRecovery.isLinkLive(late)).toBe(false);
    const expired = await reset(late, 'qua-han-roi');
    expect(expired.status).toBe(400);
    expect(ZErrorResponseSchema.parse(await expired.json()).errorMessage).toBe(RECOVERY_MESSAGES.invalidLink);
    expect((await reset(early, 'qua-han-roi')).status).toBe(400);
    expect((await login(reader.username, reader.password)).status).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one, sends it nothing, and does not wait for the mail server', async () => {
    const { reader } = await register();
    mail.delayMs = 1500;
    try {
      const arrived = mail.next(reader.email);
      const started = performance.now();
      const known = await forgot(reader.email);
      const knownMs = performance.now() - started;
      const unknown = await forgot(`khong-ai.${crypto.randomBytes(4).toString('hex')}@example.org`);
      expect([unknown.status, await unknown.text()]).toEqual([known.status, await known.text()]);
      // The mail server takes 1.5 s to accept: the answer came before it.
      expect(knownMs).toBeLessThan(1000);
      await arrived;
      const before = mail.mails.length;
      await t.services.accountRecovery.mailsSent();
      expect(mail.mails.length).toBe(before);
    } finally {
      mail.delayMs = 0;
    }
  });

  it('refuses a fourth request for one e-mail in an hour and an eleventh from one address (429), known or not', async () => {
    const { reader } = await register();
    for (const email of [reader.email, 'chua-co-ai@example.org']) {
      for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(200);
      const refused = await forgot(email);
      expect(refused.status).toBe(429);
      expect(ZErrorResponseSchema.parse(await refused.json()).errorMessage).toBe(RECOVERY_MESSAGES.tooMany);
    }
    const from = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 10; i++) expect((await forgot(`dia-chi-${i}@example.org`, from)).status).toBe(200);
    expect((await forgot('dia-chi-10@example.org', from)).status).toBe(429);
    await t.services.accountRecovery.mailsSent();
  });

  it('checks the input with the sign-up rules and Vietnamese messages', async () => {
    const fieldsOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return ZErrorResponseSchema.parse(await res.json()).fields ?? {};
    };
    expect((await fieldsOf(await forgot('khong-phai-email'))).email).toBe(VALIDATION_MESSAGES.email);
    expect((await fieldsOf(await post('/public/user/forgot_password', {}))).email).toBeTruthy();
    expect((await fieldsOf(await reset('abc', '123'))).password).toBe(VALIDATION_MESSAGES.password);
    const mismatch = await post('/public/user/reset_password', {
      token: 'abc',
      password: 'mat-khau-dai',
      confirmPassword: 'khac-han',
    });
    expect((await fieldsOf(mismatch)).confirmPassword).toBe(VALIDATION_MESSAGES.confirmPassword);
    expect((await fieldsOf(await post('/public/user/reset_password', { password: 'x' }))).token).toBe(
      VALIDATION_MESSAGES.required,
    );
  });

  it('describes both calls in the OpenAPI document', async () => {
    const doc = (await (await api.get('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/public/user/forgot_password', '/public/user/reset_password']),
    );
  });
});

describe('account recovery without SMTP settings', () => {
  let t: TestApp;
  const api = apiClient(() => t);
  beforeAll(async () => {
    t = await createTestApp('sqlite', { demo: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('says so (404) and stores no link; a link made for the people who run the library still works', async () => {
    const reader = newReader();
    await api.post('/public/user/register', { ...reader, confirmPassword: reader.password });
    expect(t.services.accountRecovery.available).toBe(false);
    const res = await api.post('/public/user/forgot_password', { email: reader.email });
    expect(res.status).toBe(404);
    expect(ZErrorResponseSchema.parse(await res.json()).errorMessage).toBe(RECOVERY_MESSAGES.unavailable);
    expect(await t.db.database.db.selectFrom('password_resets').selectAll().execute()).toEqual([]);

    const { link } = await t.services.accountRecovery.createLinkFor(reader.username, 'http://localhost:3000');
    const token = new URL(link).searchParams.get('token')!;
    const done = await api.post('/public/user/reset_password', {
      token,
      password: 'mat-khau-cli',
      confirmPassword: 'mat-khau-cli',
    });
    expect(done.status).toBe(200);
  });
});
