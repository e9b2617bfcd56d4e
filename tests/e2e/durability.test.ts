import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newReader } from '../factories/reader.ts';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { startLibraryServer, type LibraryServer } from './support/library-server.ts';
import { stopProcess } from './support/processes.ts';
import { adminToken } from './support/session.ts';

/**
 * The built server killed with SIGKILL in the middle of a burst of writes, on both engines: every
 * write it had acknowledged (201) is there after the restart, and SQLite's integrity check is
 * "ok". An upload cut off mid-stream leaves no file behind, not even its temporary one.
 * A process crash, not a power cut: SQLite runs WAL with synchronous=NORMAL (decision 0003).
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const engines = await availableEngines();
/** Readers writing at once; each stays under the 120 writes a minute one account may make. */
const WRITERS = 8;
const WRITES_PER_WRITER = 100;
/** Acknowledged writes after which the server is killed (the others are still in flight). */
const KILL_AFTER = 250;

function startServer(dataDir: string, databaseUrl: string): Promise<LibraryServer> {
  return startLibraryServer(
    { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOGIN_ATTEMPTS_PER_ADDRESS: '10000' },
    { readyPath: '/api/v1/public/search/keywords' },
  );
}

function killHard(child: ChildProcess): Promise<void> {
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return ended;
}

async function register(baseURL: string): Promise<string> {
  const reader = newReader();
  const res = await fetch(`${baseURL}/api/v1/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

describe.each(engines)('kill -9 during a burst of writes on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every acknowledged write, and the database whole', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-durability-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let postgres: TestDatabase | null = null;
    if (engine === 'postgres') {
      postgres = await createTestDatabase('postgres');
      cleanups.push(() => postgres!.drop());
    }
    let server = await startServer(dataDir, postgres?.url ?? '');
    cleanups.push(() => stopProcess(server.child));
    const tokens = await Promise.all(Array.from({ length: WRITERS }, () => register(server.baseURL)));

    // The burst: every writer posts notes one after another; the server dies once KILL_AFTER are in.
    const acknowledged: { id: number; content: string; token: string }[] = [];
    let sent = 0;
    let refused = 0;
    let killed: Promise<void> | null = null;
    const writer = async (token: string, w: number) => {
      for (let i = 0; i < WRITES_PER_WRITER && !killed; i++) {
        const content = `Ghi chú ${w}-${i}`;
        sent += 1;
        try {
          const res = await fetch(`${server.baseURL}/api/v1/notes`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-token': token },
            body: JSON.stringify({ color: 'yellow', content, sourceTitle: 'Kinh' }),
          });
          if (res.status !== 201) {
            refused += 1;
            continue;
          }
          acknowledged.push({ id: ((await res.json()) as { data: { id: number } }).data.id, content, token });
        } catch {
          return; // the server is gone: this write was never acknowledged
        }
        if (acknowledged.length >= KILL_AFTER) killed ??= killHard(server.child);
      }
    };
    await Promise.all(tokens.map((token, w) => writer(token, w)));
    expect(killed, 'the burst ended before the server was killed').not.toBeNull();
    await killed;
    expect(refused).toBe(0);

    // The database as the killed process left it.
    let integrity = 'n/a (PostgreSQL)';
    let present: Set<number>;
    const ids = acknowledged.map((a) => a.id);
    if (engine === 'sqlite') {
      const file = new Sqlite(path.join(dataDir, 'phap-bao.sqlite'));
      integrity = String(file.pragma('integrity_check', { simple: true }));
      present = new Set(
        (
          file.prepare(`SELECT id FROM notes WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids) as {
            id: number;
          }[]
        ).map((r) => r.id),
      );
      file.close();
      expect(integrity).toBe('ok');
    } else {
      const client = new pg.Client({ connectionString: postgres!.url });
      await client.connect();
      const { rows } = await client.query<{ id: number }>('SELECT id FROM notes WHERE id = ANY($1::int[])', [ids]);
      await client.end();
      present = new Set(rows.map((r) => r.id));
    }
    const missing = ids.filter((id) => !present.has(id));

    // Restarted on the same data: it starts, and each acknowledged note reads back as it was written.
    server = await startServer(dataDir, postgres?.url ?? '');
    let readBack = 0;
    for (const { id, content, token } of acknowledged) {
      const res = await fetch(`${server.baseURL}/api/v1/note/${id}`, { headers: { 'x-token': token } });
      if (res.status === 200 && ((await res.json()) as { data: { content: string } }).data.content === content) {
        readBack += 1;
      }
    }
    console.warn(
      `durability on ${engine}: ${sent} writes sent, ${acknowledged.length} acknowledged before kill -9, ` +
        `${missing.length} missing after restart, ${readBack} read back; integrity_check: ${integrity}`,
    );
    expect(missing).toEqual([]);
    expect(readBack).toBe(acknowledged.length);
  }, 180_000);
});

describe('an upload cut off mid-stream', () => {
  it('leaves no file in the media folder, not even a partial one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-upload-cut-'));
    const server = await startServer(dataDir, '');
    try {
      const token = await adminToken(server.baseURL, dataDir);
      const created = await fetch(`${server.baseURL}/api/v1/admin/collections`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': token },
        body: JSON.stringify({ title: 'Bộ thử' }),
      });
      expect(created.status).toBe(201);
      const collectionId = ((await created.json()) as { data: { id: number } }).data.id;
      const mediaDir = path.join(dataDir, 'media');
      const filesNow = () =>
        fs.existsSync(mediaDir)
          ? (fs.readdirSync(mediaDir, { recursive: true }) as string[]).filter(
              (f) => !fs.statSync(path.join(mediaDir, f)).isDirectory(),
            )
          : [];
      const before = filesNow();

      // A real MP3, announced whole, of which the first half is sent before the connection drops.
      const mp3 = fs.readFileSync(path.join(root, 'data', 'demo', 'talks', 'phap-am-thien-tong.mp3'));
      const boundary = 'ranh-gioi-thu';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="collectionId"\r\n\r\n${collectionId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bai-giang.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const request = http.request(`${server.baseURL}/api/v1/admin/talks`, {
        method: 'POST',
        headers: {
          'x-token': token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + mp3.length + tail.length),
        },
      });
      request.on('error', () => {}); // the connection we cut
      request.write(head);
      request.write(mp3.subarray(0, Math.floor(mp3.length / 2)));
      // The upload is being written: its temporary file is there.
      const deadline = Date.now() + 10_000;
      while (filesNow().length === before.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const during = filesNow().filter((f) => !before.includes(f));
      request.destroy();

      let after = filesNow();
      for (let i = 0; i < 100 && after.length !== before.length; i++) {
        await new Promise((r) => setTimeout(r, 50));
        after = filesNow();
      }
      console.warn(
        `interrupted upload: ${during.length} temporary file(s) while streaming, ${after.length - before.length} left after`,
      );
      expect(during.length).toBeGreaterThan(0);
      expect(after.sort()).toEqual(before.sort());
      // And no talk was recorded.
      const collection = await fetch(`${server.baseURL}/api/v1/admin/collection/${collectionId}`, {
        headers: { 'x-token': token },
      });
      expect(((await collection.json()) as { data: { talks: unknown[] } }).data.talks).toEqual([]);
    } finally {
      await stopProcess(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
