import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { apiClient } from '../support/api-client.ts';
import { startTemporaryPostgres, type TemporaryPostgres } from '../support/temporary-postgres.ts';
import { createTestApp, registerReader, type TestApp } from '../support/test-app.ts';

async function onReplica(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL streaming replication on this machine: a primary cluster and a replica made from it
 * with pg_basebackup (Debian's PostgreSQL), the app on both (DATABASE_REPLICA_URL). Replay is
 * paused on the replica to make its lag visible: anonymous reads come from the replica, a writer
 * reads their write back from the primary at once, and a replica that is gone costs nothing.
 */
describe('reads on a streaming replica', () => {
  let primary: TemporaryPostgres | undefined;
  let replica: TemporaryPostgres | undefined;
  let t: TestApp;
  let admin: string;
  const api = apiClient(() => t);

  beforeAll(async () => {
    primary = await startTemporaryPostgres();
    const setup = openDatabase({ databaseUrl: primary.url });
    await migrateToLatest(setup);
    await setup.close();
    replica = await startTemporaryPostgres({ replicaOf: primary });
    expect(await onReplica(replica.url, 'SELECT pg_is_in_recovery() AS standby')).toEqual([{ standby: true }]);
    const database = openDatabase({ databaseUrl: primary.url, replicaUrl: replica.url });
    t = await createTestApp('postgres', {
      demo: false,
      env: { DATABASE_URL: primary.url, DATABASE_REPLICA_URL: replica.url },
      database: { database, url: primary.url, drop: () => database.close() },
    });
    await t.services.auth.createOrPromoteAdmin('quantri04', 'mat-khau-quan-tri');
    const login = await api.post('/public/user/login', { username: 'quantri04', password: 'mat-khau-quan-tri' });
    expect(login.status).toBe(200);
    admin = ((await login.json()) as { data: { token: string } }).data.token;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    replica?.stop();
    primary?.stop();
  });

  it('sends anonymous reads to the replica, and a writer’s reads to the primary: their write never disappears', async () => {
    // The replica stops replaying: whatever is written from now on is only on the primary.
    await onReplica(replica!.url, 'SELECT pg_wal_replay_pause()');
    const created = await api.post('/admin/books', { title: 'Kinh trên máy chính' }, { as: admin });
    expect(created.status).toBe(201);
    const book = ((await created.json()) as { data: { id: number; code: string } }).data;
    await api.post(`/admin/book/${book.id}/chapters`, { title: 'Chương một', markdown: 'Lời kinh.' }, { as: admin });
    expect((await api.post(`/admin/book/${book.id}/publish`, {}, { as: admin })).status).toBe(200);

    // Anonymous: read on the paused replica, the book is not there yet.
    expect((await api.get(`/public/book/${book.code}`)).status).toBe(404);
    // The writer (a session): on the primary, at once.
    expect((await api.get(`/public/book/${book.code}`, { as: admin })).status).toBe(200);

    // A reader's own write, read back while the replica still lags.
    const reader = await registerReader(t);
    const note = await api.post(
      '/notes',
      { color: 'aqua', content: 'Tâm bình', sourceTitle: 'Tự ghi' },
      { as: reader },
    );
    expect(note.status).toBe(201);
    const noteId = ((await note.json()) as { data: { id: number } }).data.id;
    const again = await api.get(`/note/${noteId}`, { as: reader });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: { content: string } }).data.content).toBe('Tâm bình');

    // Replay resumes: anonymous readers see the book once the replica has caught up.
    await onReplica(replica!.url, 'SELECT pg_wal_replay_resume()');
    const deadline = Date.now() + 20_000;
    let status = 404;
    while (status !== 200 && Date.now() < deadline) {
      status = (await api.get(`/public/book/${book.code}`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });

  it('keeps answering anonymous readers from the primary when the replica is gone', async () => {
    const created = await api.post('/admin/books', { title: 'Kinh khi bản sao tắt' }, { as: admin });
    const book = ((await created.json()) as { data: { id: number; code: string } }).data;
    await api.post(`/admin/book/${book.id}/chapters`, { title: 'Chương một', markdown: 'Lời kinh.' }, { as: admin });
    expect((await api.post(`/admin/book/${book.id}/publish`, {}, { as: admin })).status).toBe(200);
    replica!.stop();
    replica = undefined;
    expect((await api.get(`/public/book/${book.code}`)).status).toBe(200);
  });
});
