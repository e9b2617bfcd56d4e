import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSessionResponseSchema } from '#common/contracts/auth.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZPlaybackResponseSchema } from '#common/contracts/playback.schema.ts';
import { newReader } from '../factories/reader.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('playback record API on %s', (engine) => {
  let t: TestApp;
  const tokens: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    for (let i = 0; i < 2; i++) {
      const reader = newReader();
      const res = await t.app.request('/api/v1/public/user/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
      });
      tokens.push(ZSessionResponseSchema.parse(await res.json()).data.token);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (code: string, body: unknown, token = tokens[0]) =>
    t.app.request(`/api/v1/playback/${code}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
      body: JSON.stringify(body),
    });

  it('adds an entry for a new code and updates it afterwards; each reader has their own', async () => {
    expect(
      ZPlaybackResponseSchema.parse(await (await put('sach-dang-nghe', { currentTime: 12.5 })).json()).data.books,
    ).toEqual([{ code: 'sach-dang-nghe', currentTime: 12.5 }]);
    await put('bai-giang-1', { currentTime: 30 });
    const res = await put('sach-dang-nghe', { currentTime: 95.25 });
    expect(ZPlaybackResponseSchema.parse(await res.json()).data.books).toEqual([
      { code: 'sach-dang-nghe', currentTime: 95.25 },
      { code: 'bai-giang-1', currentTime: 30 },
    ]);
    const other = await t.app.request('/api/v1/playback', { headers: { 'x-token': tokens[1]! } });
    expect(ZPlaybackResponseSchema.parse(await other.json()).data.books).toEqual([]);
  });

  it('refuses bad input and anonymous callers', async () => {
    for (const [code, body] of [
      ['sach-dang-nghe', { currentTime: -1 }],
      ['sach-dang-nghe', { currentTime: 'muoi' }],
      ['sach-dang-nghe', {}],
      ['Ma%20Sai', { currentTime: 1 }],
    ] as const) {
      const res = await put(code, body);
      expect(res.status, `${code} ${JSON.stringify(body)}`).toBe(400);
      expect(ZErrorResponseSchema.parse(await res.json()).errorCode).toBe('VALIDATION_FAILED');
    }
    expect((await t.app.request('/api/v1/playback')).status).toBe(401);
    expect((await put('sach-dang-nghe', { currentTime: 1 }, '')).status).toBe(401);
  });
});
