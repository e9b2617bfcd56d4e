import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZPlaybackResponseSchema } from '#common/contracts/playback.schema.ts';
import { factories } from '../factories/tables.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('playback record API on %s', (engine) => {
  let t: TestApp;
  const tokens: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    const make = factories(t);
    for (let i = 0; i < 2; i++) tokens.push((await make.reader()).token);
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);

  it('adds an entry for a new code and updates it afterwards; each reader has their own', async () => {
    expect(
      ZPlaybackResponseSchema.parse(
        await (await api.put('/playback/sach-dang-nghe', { currentTime: 12.5 }, { as: tokens[0] })).json(),
      ).data.books,
    ).toEqual([{ code: 'sach-dang-nghe', currentTime: 12.5 }]);
    await api.put('/playback/bai-giang-1', { currentTime: 30 }, { as: tokens[0] });
    const res = await api.put('/playback/sach-dang-nghe', { currentTime: 95.25 }, { as: tokens[0] });
    expect(ZPlaybackResponseSchema.parse(await res.json()).data.books).toEqual([
      { code: 'sach-dang-nghe', currentTime: 95.25 },
      { code: 'bai-giang-1', currentTime: 30 },
    ]);
    const other = await api.get('/playback', { as: tokens[1] });
    expect(ZPlaybackResponseSchema.parse(await other.json()).data.books).toEqual([]);
  });

  it('refuses bad input and anonymous callers', async () => {
    for (const [code, body] of [
      ['sach-dang-nghe', { currentTime: -1 }],
      ['sach-dang-nghe', { currentTime: 'muoi' }],
      ['sach-dang-nghe', {}],
      ['Ma%20Sai', { currentTime: 1 }],
    ] as const) {
      const res = await api.put(`/playback/${code}`, body, { as: tokens[0] });
      expect(res.status, `${code} ${JSON.stringify(body)}`).toBe(400);
      expect(ZErrorResponseSchema.parse(await res.json()).errorCode).toBe('VALIDATION_FAILED');
    }
    expect((await api.get('/playback')).status).toBe(401);
    expect((await api.put('/playback/sach-dang-nghe', { currentTime: 1 }, { as: '' })).status).toBe(401);
  });
});
