import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { newReader } from '../factories/reader.ts';
import { adminToken } from './support/session.ts';
import { startLibraryServer } from './support/library-server.ts';

/**
 * SIGTERM while a request and an upload are under way (their bodies half sent): the server stops
 * accepting connections, lets both finish and answers them, then closes the database and exits 0.
 */
const root = path.resolve(import.meta.dirname, '..', '..');

/** An HTTP request whose body is sent in two parts, the second when asked; resolves with status and body. */
function halfSentRequest(url: string, headers: Record<string, string>, body: Buffer) {
  const cut = body.length >> 1;
  const request = http.request(url, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(body.length) },
  });
  const answered = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    request.once('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text, connection: res.headers.connection }));
      res.on('error', reject);
    });
    request.once('error', reject);
  });
  request.write(body.subarray(0, cut));
  return {
    answered,
    finish: () => request.end(body.subarray(cut)),
  };
}

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('graceful shutdown', () => {
  it('finishes the request and the upload under way on SIGTERM, refuses new connections, exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-shutdown-'));
    const server = await startLibraryServer({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '60000' });
    try {
      const port = Number(new URL(server.baseURL).port);
      const reader = newReader();
      const registered = await fetch(`${server.baseURL}/api/v1/public/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
      });
      expect(registered.status).toBe(201);
      const token = ((await registered.json()) as { data: { token: string } }).data.token;
      const admin = await adminToken(server.baseURL, dataDir);
      const created = await fetch(`${server.baseURL}/api/v1/admin/collections`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': admin },
        body: JSON.stringify({ title: 'Bộ nghe thử' }),
      });
      expect(created.status).toBe(201);
      const collectionId = ((await created.json()) as { data: { id: number } }).data.id;

      // A note whose JSON body is half sent, and a talk's MP3 upload half sent.
      const note = halfSentRequest(
        `${server.baseURL}/api/v1/notes`,
        { 'content-type': 'application/json', 'x-token': token },
        Buffer.from(JSON.stringify({ color: 'yellow', content: 'Viết trong lúc máy chủ dừng', sourceTitle: 'Kinh' })),
      );
      const mp3 = fs.readFileSync(path.join(root, 'data', 'demo', 'talks', 'phap-am-thien-tong.mp3'));
      const boundary = 'ranh-gioi-dung-may';
      const upload = halfSentRequest(
        `${server.baseURL}/api/v1/admin/talks`,
        { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': admin },
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="collectionId"\r\n\r\n${collectionId}\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bai-giang-cuoi.mp3"\r\n` +
              'Content-Type: audio/mpeg\r\n\r\n',
          ),
          mp3,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      );
      // Both are in the server's hands: the upload's temporary file is being written.
      const mediaDir = path.join(dataDir, 'media');
      const uploading = () =>
        fs.existsSync(mediaDir) &&
        (fs.readdirSync(mediaDir, { recursive: true }) as string[]).some((f) => f.endsWith('.tmp'));
      for (let i = 0; i < 200 && !uploading(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(uploading()).toBe(true);

      server.child.kill('SIGTERM');
      // It stops accepting connections, while both requests are still open.
      let accepting = true;
      for (let i = 0; i < 200 && accepting; i++) {
        accepting = await accepts(port);
        if (accepting) await new Promise((r) => setTimeout(r, 50));
      }
      expect(accepting).toBe(false);
      // Longer than a fixed few seconds' wait would allow: what bounds it is SHUTDOWN_GRACE_MS.
      await new Promise((r) => setTimeout(r, 6_000));
      expect(server.child.exitCode).toBeNull();

      note.finish();
      upload.finish();
      const [noteAnswer, uploadAnswer] = await Promise.all([note.answered, upload.answered]);
      expect(noteAnswer.status).toBe(201);
      expect(noteAnswer.connection).toBe('close');
      expect(uploadAnswer.status).toBe(201);
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toContain('still under way after the grace period');

      // What they wrote is there, the upload whole.
      const noteId = (JSON.parse(noteAnswer.body) as { data: { id: number } }).data.id;
      const db = new Sqlite(path.join(dataDir, 'phap-bao.sqlite'), { readonly: true });
      const saved = db.prepare('SELECT content FROM notes WHERE id = ?').get(noteId) as { content: string } | undefined;
      const talks = db.prepare('SELECT count(*) AS n FROM audio_talks WHERE collection_id = ?').get(collectionId) as {
        n: number;
      };
      db.close();
      expect(saved?.content).toBe('Viết trong lúc máy chủ dừng');
      expect(talks.n).toBe(1);
      const files = fs.readdirSync(mediaDir, { recursive: true }) as string[];
      expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
      expect(files.some((f) => f.endsWith('.mp3'))).toBe(true);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
