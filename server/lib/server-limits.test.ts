import http from 'node:http';
import net from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyServerLimits } from './server-limits.ts';

const TIMEOUT_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a POST whose body of `size` bytes arrives in `chunks` pieces, `gapMs` apart; resolves with the raw answer. */
function slowPost(port: number, path: string, size: number, chunks: number, gapMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${size}\r\n\r\n`);
    const piece = size / chunks;
    void (async () => {
      for (let i = 0; i < chunks && !socket.destroyed; i++) {
        await sleep(gapMs);
        if (!socket.destroyed) socket.write('a'.repeat(piece));
      }
      // Ask the server to close once it has answered, so 'close' comes.
      if (!socket.destroyed) socket.end();
    })();
  });
}

describe('server limits: slow requests are cut, uploads are not', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const app = new Hono();
    app.post('/notes', async (c) => c.text(`got ${(await c.req.text()).length}`));
    app.post('/upload', async (c) => c.text(`got ${(await c.req.text()).length}`));
    app.get('/slow-answer', async (c) => {
      await sleep(TIMEOUT_MS * 2);
      return c.text('late but whole');
    });
    server = http.createServer();
    applyServerLimits(server, {
      requestTimeoutMs: TIMEOUT_MS,
      maxConnections: 50,
      isUploadPath: (path) => path === '/upload',
    });
    server.on('request', getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sets the server-wide limits: no global request timeout, a headers timeout, a connection cap', () => {
    expect(server.requestTimeout).toBe(0);
    expect(server.headersTimeout).toBe(TIMEOUT_MS);
    expect(server.maxConnections).toBe(50);
  });

  it('answers 408 and closes a request whose body is still arriving after the timeout', async () => {
    const started = Date.now();
    const answer = await slowPost(port, '/notes', 40, 4, TIMEOUT_MS);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).not.toContain('got');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
  });

  it('lets a request that arrives in time through', async () => {
    expect(await slowPost(port, '/notes', 40, 2, 20)).toMatch(/^HTTP\/1\.1 200[\s\S]*got 40/);
  });

  it('never cuts an upload, however slowly its body arrives', async () => {
    const answer = await slowPost(port, '/upload', 40, 4, TIMEOUT_MS);
    expect(answer).toMatch(/^HTTP\/1\.1 200[\s\S]*got 40/);
  });

  it('lets a slow answer take its time once the request has arrived', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/slow-answer`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('late but whole');
  });
});
