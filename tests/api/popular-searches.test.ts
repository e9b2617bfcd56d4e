import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSearchRequestSchema } from '#common/contracts/search.schema.ts';
import { createLogger } from '#server/logger.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { createSearchService } from '#server/services/search.service.ts';
import { factories } from '../factories/tables.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('the most searched list counts each client once a day, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    // What the tests search for is in a book of their own (a search that finds nothing is not counted).
    await factories(t).book({
      chapters: [{ title: 'Chương một', html: '<p id="p-1">Trí tuệ Bát Nhã như kim cang, cắt đứt mọi phiền não.</p>' }],
    });
  });
  const api = apiClient(() => t);
  afterAll(async () => {
    await t.close();
  });

  const countOf = async (query: string) => {
    const rows = await createRepositories(t.db.database.db).searchQueries.listTop(1000, 1);
    return rows.find((r) => r.query === query)?.count ?? 0;
  };

  it('counts one client’s repeats once, two clients twice, and the same client again the next day', async () => {
    let clock = new Date('2025-03-01T08:00:00Z');
    const search = createSearchService({
      repos: createRepositories(t.db.database.db),
      logger: createLogger('silent'),
      now: () => clock,
    });
    const ask = (client: { userId?: number; ip?: string }) =>
      search.search(ZSearchRequestSchema.parse({ query: 'Bát Nhã' }), client);
    const query = 'bát nhã';

    for (let i = 0; i < 10; i++) await ask({ ip: '203.0.113.7' });
    expect(await countOf(query)).toBe(1);

    await ask({ ip: '198.51.100.2' });
    expect(await countOf(query)).toBe(2);
    // A reader counts by their account, wherever they search from.
    await ask({ userId: 41, ip: '203.0.113.7' });
    await ask({ userId: 41, ip: '192.0.2.9' });
    expect(await countOf(query)).toBe(3);

    clock = new Date('2025-03-02T00:00:01Z');
    await ask({ ip: '203.0.113.7' });
    await ask({ ip: '203.0.113.7' });
    expect(await countOf(query)).toBe(4);
    // Yesterday's clients are forgotten; no address is stored.
    const clients = await t.db.database.db.selectFrom('search_query_clients').selectAll().execute();
    expect(clients.every((c) => c.day === '2025-03-02')).toBe(true);
    expect(JSON.stringify(clients)).not.toContain('203.0.113.7');
  });

  it('through the API: one client repeating counts once, a logged-in reader is another client', async () => {
    const search = (token?: string) => api.post('/public/search', { query: 'Kim Cang' }, { as: token });
    for (let i = 0; i < 10; i++) expect((await search()).status).toBe(200);
    expect(await countOf('kim cang')).toBe(1);
    const token = await registerReader(t);
    for (let i = 0; i < 3; i++) expect((await search(token)).status).toBe(200);
    expect(await countOf('kim cang')).toBe(2);
  });
});
