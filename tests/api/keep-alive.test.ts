import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** One request on `agent`; resolves with the status and body once the answer has arrived. */
function send(
  agent: http.Agent,
  port: number,
  options: { method: string; path: string; body?: string; headers?: Record<string, string>; mayCloseEarly?: boolean },
): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, agent, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            connection: res.headers.connection,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer (and close) before the whole body is written: that is the case tested.
      if (options.mayCloseEarly && (error.code === 'EPIPE' || error.code === 'ECONNRESET')) return;
      reject(error);
    });
    req.end(options.body);
  });
}

// The app on a real Node HTTP server (the way server/main.ts serves it): a body refused before it
// was read must not break the client's keep-alive connection for the next request.
describe('keep-alive after an answer sent before the body was read', () => {
  let t: TestApp;
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { demo: false });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const twoMegabytes = JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) });

  it('413 for a 2 MB JSON body, then a GET on the same agent succeeds', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, port, {
        method: 'POST',
        path: '/api/v1/public/user/login',
        body: twoMegabytes,
        headers: { 'Content-Type': 'application/json' },
        mayCloseEarly: true,
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({ errorCode: 'PAYLOAD_TOO_LARGE' });
      const next = await send(agent, port, { method: 'GET', path: '/api/v1/public/search/keywords' });
      expect(next.status).toBe(200);
      expect(refused.connection).toBe('close');
    } finally {
      agent.destroy();
    }
  });

  it('a small body read to its end keeps the connection open', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answered = await send(agent, port, {
        method: 'POST',
        path: '/api/v1/public/user/login',
        body: JSON.stringify({ username: 'khong-co', password: 'sai-mat-khau' }),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answered.status).toBeGreaterThanOrEqual(400);
      expect(answered.connection).toBe('keep-alive');
      expect((await send(agent, port, { method: 'GET', path: '/api/v1/public/search/keywords' })).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
