import fs from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';
import { answers, startTemporaryPostgres } from '../support/temporary-postgres.ts';

/**
 * `npm test` starts this cluster when no PostgreSQL answers at 127.0.0.1:5432 (scripts/test.mjs),
 * so the API suite runs on both engines on any machine. Here on a free port: the shared server of
 * the machine is never touched.
 */
describe('a temporary PostgreSQL cluster (scripts/temporary-postgres.mjs)', () => {
  it('starts Debian’s PostgreSQL in a temporary folder with a `test` database, then stops and leaves nothing', async () => {
    const port = await freePort();
    const cluster = await startTemporaryPostgres({ port });
    try {
      expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${port}/test`);
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query('CREATE TABLE t (v text)');
      await client.query("INSERT INTO t VALUES ('Pháp Bảo')");
      const { rows } = await client.query<{ v: string; version: string }>(
        'SELECT v, current_setting($1) AS version FROM t',
        ['server_version_num'],
      );
      await client.end();
      expect(rows[0]!.v).toBe('Pháp Bảo');
      expect(Number(rows[0]!.version)).toBeGreaterThanOrEqual(150000);
    } finally {
      cluster.stop();
    }
    expect(await answers('127.0.0.1', port)).toBe(false);
    expect(fs.existsSync(cluster.dir)).toBe(false);
  });
});
