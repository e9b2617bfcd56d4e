import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMeResponseSchema, ZSessionResponseSchema } from '#common/contracts/auth.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { VALIDATION_MESSAGES } from '#common/messages.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { newReader, type Reader } from '../factories/reader.ts';

const engines = await availableEngines();

describe.each(engines)('accounts API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      demo: false,
      loginThrottle: { perIp: 1000, freeFailures: 1000, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);
  const register = async (reader: Reader) => {
    const res = await api.post('/public/user/register', { ...reader, confirmPassword: reader.password });
    expect(res.status).toBe(201);
    return ZSessionResponseSchema.parse(await res.json()).data;
  };

  it('signs up: 201 with a token and the user, never a hash', async () => {
    const reader = newReader();
    const res = await api.post('/public/user/register', { ...reader, confirmPassword: reader.password });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    const { data } = ZSessionResponseSchema.parse(body);
    expect(data.token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(data.user).toMatchObject({ username: reader.username.toLowerCase(), email: reader.email, role: 'reader' });
    expect(Object.keys(data.user).sort()).toEqual([
      'avatar',
      'createdAt',
      'displayName',
      'email',
      'id',
      'role',
      'username',
    ]);
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
  });

  it('logs in by username or e-mail, and GET /me answers for the token', async () => {
    const reader = newReader();
    await register(reader);
    for (const username of [reader.username, reader.email, reader.email.toUpperCase()]) {
      const res = await api.post('/public/user/login', { username, password: reader.password });
      expect(res.status, username).toBe(200);
      const { data } = ZSessionResponseSchema.parse(await res.json());
      const me = await api.get('/me', { as: data.token });
      expect(me.status).toBe(200);
      expect(ZMeResponseSchema.parse(await me.json()).data.username).toBe(reader.username.toLowerCase());
    }
  });

  it('refuses a wrong password or an unknown user with one message that does not say which', async () => {
    const reader = newReader();
    await register(reader);
    const wrongPassword = await api.post('/public/user/login', { username: reader.username, password: 'sai-mat-khau' });
    const unknownUser = await api.post('/public/user/login', { username: 'khong-ai-ca', password: reader.password });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    const a = ZErrorResponseSchema.parse(await wrongPassword.json());
    const b = ZErrorResponseSchema.parse(await unknownUser.json());
    expect(a).toEqual(b);
    expect(a.errorMessage).toBe('Tài khoản hoặc mật khẩu không đúng.');
  });

  it('answers 401 to no, a bad, an expired or a revoked token', async () => {
    const reader = newReader();
    const { token } = await register(reader);
    for (const bad of [undefined, 'khong-phai-token', `Bearer ${token}`, 'x'.repeat(5000)]) {
      const res = await api.get('/me', { as: bad });
      expect(res.status, String(bad).slice(0, 20)).toBe(401);
      expect(ZErrorResponseSchema.parse(await res.json()).errorCode).toBe('UNAUTHENTICATED');
    }
    // Expired: move this session's expiry into the past.
    const second = ZSessionResponseSchema.parse(
      await (await api.post('/public/user/login', { username: reader.username, password: reader.password })).json(),
    ).data.token;
    await t.db.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', crypto.createHash('sha256').update(second).digest('hex'))
      .execute();
    expect((await api.get('/me', { as: second })).status).toBe(401);
    // Revoked: logout, then the token no longer works; the other session still does.
    expect((await api.get('/me', { as: token })).status).toBe(200);
    const logout = await api.post('/user/logout', {}, { as: token });
    expect(logout.status).toBe(200);
    expect((await api.get('/me', { as: token })).status).toBe(401);
    expect((await api.post('/user/logout', {}, { as: token })).status).toBe(401);
  });

  it('checks every rule of the form with the exact Vietnamese messages', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {},
        {
          username: VALIDATION_MESSAGES.required,
          email: VALIDATION_MESSAGES.required,
          password: VALIDATION_MESSAGES.required,
          confirmPassword: VALIDATION_MESSAGES.required,
        },
      ],
      [
        { username: 'abc', email: 'a@b.vn', password: '123456', confirmPassword: '123456' },
        { username: VALIDATION_MESSAGES.username },
      ],
      [
        { username: 'a'.repeat(21), email: 'a@b.vn', password: '123456', confirmPassword: '123456' },
        { username: VALIDATION_MESSAGES.username },
      ],
      [
        { username: 'tên có dấu', email: 'a@b.vn', password: '123456', confirmPassword: '123456' },
        { username: VALIDATION_MESSAGES.username },
      ],
      [
        { username: 'hop-le.01', email: 'khong-phai-email', password: '123456', confirmPassword: '123456' },
        { email: VALIDATION_MESSAGES.email },
      ],
      [
        { username: 'hop-le.01', email: 'a@b.vn', password: '12345', confirmPassword: '12345' },
        { password: VALIDATION_MESSAGES.password },
      ],
      [
        { username: 'hop-le.01', email: 'a@b.vn', password: '1'.repeat(31), confirmPassword: '1'.repeat(31) },
        { password: VALIDATION_MESSAGES.password },
      ],
      [
        { username: 'hop-le.01', email: 'a@b.vn', password: '123456', confirmPassword: '654321' },
        { confirmPassword: VALIDATION_MESSAGES.confirmPassword },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await api.post('/public/user/register', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ZErrorResponseSchema.parse(await res.json());
      expect(error.errorCode).toBe('VALIDATION_FAILED');
      expect(error.fields).toEqual(fields);
    }
    const login = await api.post('/public/user/login', {});
    expect(ZErrorResponseSchema.parse(await login.json()).fields).toEqual({
      username: VALIDATION_MESSAGES.required,
      password: VALIDATION_MESSAGES.required,
    });
  });

  it('refuses a taken username or e-mail with 409, whatever their case', async () => {
    const reader = newReader();
    await register(reader);
    const sameName = await api.post('/public/user/register', {
      ...newReader(),
      username: reader.username.toUpperCase(),
      confirmPassword: 'matkhau-1',
      password: 'matkhau-1',
    });
    expect(sameName.status).toBe(409);
    expect(ZErrorResponseSchema.parse(await sameName.json()).fields).toHaveProperty('username');
    const sameEmail = await api.post('/public/user/register', {
      ...newReader(),
      email: reader.email.toUpperCase(),
      password: 'matkhau-1',
      confirmPassword: 'matkhau-1',
    });
    expect(sameEmail.status).toBe(409);
    expect(ZErrorResponseSchema.parse(await sameEmail.json()).fields).toHaveProperty('email');
  });

  it('stores no plain password and no plain token', async () => {
    const reader = newReader();
    const { token, user } = await register(reader);
    const row = await t.db.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await t.db.database.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    const everything = JSON.stringify([
      await t.db.database.db.selectFrom('users').selectAll().execute(),
      await t.db.database.db.selectFrom('sessions').selectAll().execute(),
    ]);
    expect(everything).not.toContain(reader.password);
    expect(everything).not.toContain(token);
  });

  it('changes the display name, with validation', async () => {
    const { token } = await register(newReader());
    const res = await api.put('/me', { displayName: 'Tâm An' }, { as: token });
    expect(res.status).toBe(200);
    expect(ZMeResponseSchema.parse(await res.json()).data.displayName).toBe('Tâm An');
    const empty = await api.put('/me', { displayName: '  ' }, { as: token });
    expect(empty.status).toBe(400);
    expect(ZErrorResponseSchema.parse(await empty.json()).fields).toEqual({
      displayName: VALIDATION_MESSAGES.required,
    });
  });

  it('changes the password: the old one stops working, other sessions are logged out, this one stays', async () => {
    const reader = newReader();
    const { token } = await register(reader);
    const other = ZSessionResponseSchema.parse(
      await (await api.post('/public/user/login', { username: reader.username, password: reader.password })).json(),
    ).data.token;
    const wrong = await api.post(
      '/me/password',
      { currentPassword: 'khong-dung', password: 'moi-123456', confirmPassword: 'moi-123456' },
      { as: token },
    );
    expect(wrong.status).toBe(400);
    expect(ZErrorResponseSchema.parse(await wrong.json()).fields).toEqual({
      currentPassword: 'Mật khẩu hiện tại không đúng.',
    });
    const ok = await api.post(
      '/me/password',
      { currentPassword: reader.password, password: 'moi-123456', confirmPassword: 'moi-123456' },
      { as: token },
    );
    expect(ok.status).toBe(200);
    expect((await api.get('/me', { as: token })).status).toBe(200);
    expect((await api.get('/me', { as: other })).status).toBe(401);
    expect(
      (await api.post('/public/user/login', { username: reader.username, password: reader.password })).status,
    ).toBe(401);
    expect((await api.post('/public/user/login', { username: reader.username, password: 'moi-123456' })).status).toBe(
      200,
    );
  });

  it('logs out everywhere', async () => {
    const reader = newReader();
    const { token } = await register(reader);
    const other = ZSessionResponseSchema.parse(
      await (await api.post('/public/user/login', { username: reader.username, password: reader.password })).json(),
    ).data.token;
    expect((await api.post('/user/logout_all', {}, { as: token })).status).toBe(200);
    expect((await api.get('/me', { as: token })).status).toBe(401);
    expect((await api.get('/me', { as: other })).status).toBe(401);
  });

  it('takes an avatar: any image, cut to 50×50; refuses non-images and files over 5 MB', async () => {
    const { token } = await register(newReader());
    const upload = (bytes: Uint8Array, name: string, type: string) => {
      const form = new FormData();
      form.append('avatar', new File([Buffer.from(bytes)], name, { type }));
      return api.post('/me/avatar', form, { as: token });
    };
    const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#9a4a14' } })
      .png()
      .toBuffer();
    const res = await upload(png, 'anh.png', 'image/png');
    expect(res.status).toBe(200);
    const avatar = ZMeResponseSchema.parse(await res.json()).data.avatar!;
    expect(avatar).toMatch(/^\/media\/avatars\/u\d+-[0-9a-f]+\.webp$/);
    const served = await t.app.request(avatar);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 50,
      height: 50,
    });

    const notImage = await upload(new TextEncoder().encode('<script>alert(1)</script>'), 'anh.png', 'image/png');
    expect(notImage.status).toBe(415);
    expect(ZErrorResponseSchema.parse(await notImage.json()).errorMessage).toMatch(/không phải là ảnh/);

    const huge = await upload(new Uint8Array(5 * 1024 * 1024 + 1), 'to.jpg', 'image/jpeg');
    expect(huge.status).toBe(413);
    // The refused uploads left the avatar as it was.
    expect(ZMeResponseSchema.parse(await (await api.get('/me', { as: token })).json()).data.avatar).toBe(avatar);
  });

  it('deletes the account and its sessions', async () => {
    const reader = newReader();
    const { token, user } = await register(reader);
    const res = await api.delete('/me', { as: token, body: { password: reader.password } });
    expect(res.status).toBe(200);
    expect((await api.get('/me', { as: token })).status).toBe(401);
    expect(
      (await api.post('/public/user/login', { username: reader.username, password: reader.password })).status,
    ).toBe(401);
    const left = await t.db.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
  });

  it('lets only admins change roles', async () => {
    const reader = await register(newReader());
    const target = await register(newReader());
    const { user: admin } = await t.services.auth.createOrPromoteAdmin(
      `quantri${crypto.randomInt(1e6)}`,
      'matkhau-quan-tri',
    );
    const adminToken = ZSessionResponseSchema.parse(
      await (await api.post('/public/user/login', { username: admin.username, password: 'matkhau-quan-tri' })).json(),
    ).data.token;
    expect((await api.put(`/admin/users/${target.user.id}/role`, { role: 'moderator' })).status).toBe(401);
    expect(
      (await api.put(`/admin/users/${target.user.id}/role`, { role: 'moderator' }, { as: reader.token })).status,
    ).toBe(403);
    expect(
      (await api.put(`/admin/users/${target.user.id}/role`, { role: 'thuong-toa' }, { as: adminToken })).status,
    ).toBe(400);
    expect((await api.put(`/admin/users/${999_999}/role`, { role: 'moderator' }, { as: adminToken })).status).toBe(404);
    const ok = await api.put(`/admin/users/${target.user.id}/role`, { role: 'moderator' }, { as: adminToken });
    expect(ok.status).toBe(200);
    expect(ZMeResponseSchema.parse(await ok.json()).data.role).toBe('moderator');
    expect(ZMeResponseSchema.parse(await (await api.get('/me', { as: target.token })).json()).data.role).toBe(
      'moderator',
    );
  });

  it('lists the account calls in the OpenAPI document', async () => {
    const doc = (await (await api.get('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/public/user/register',
        '/public/user/login',
        '/me',
        '/user/logout',
        '/auth/{provider}/start',
      ]),
    );
  });
});
