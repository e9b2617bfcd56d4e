import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReader } from '../factories/reader.ts';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { Redis } from 'ioredis';
import { createRepositories } from '#server/repositories/index.ts';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { startLibraryServer, type LibraryServer as Server } from './support/library-server.ts';
import { freePort, stopProcess, waitUntilUp } from './support/processes.ts';

/**
 * Two built server processes on one database behind real nginx (the upstream block of
 * docs/deploy.md, "Many processes"): what one process writes, the other shows at once — pages
 * from its page cache, search answers from its search cache, uploaded files — and the login limit
 * per address holds across both, whichever process nginx picks. PostgreSQL is the deployment the
 * guide describes, with media on S3-compatible storage (s3rver here) and REDIS_URL (Debian's
 * redis-server started for the file: the limits count there, decision 0038); two processes on one
 * SQLite file and one media folder (one machine, limits in rate_windows) must behave the same.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const NGINX = '/usr/sbin/nginx';
const engines = await availableEngines();
const run = promisify(execFile);

/** docs/deploy.md's upstream and server blocks, on plain HTTP and these ports. */
function deployUpstreamConf(nginxPort: number, appPorts: number[]): string {
  const doc = fs.readFileSync(path.join(root, 'docs', 'deploy.md'), 'utf8');
  const block = /```nginx\n(upstream phapbao \{[\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deploy.md has no upstream block');
  const servers = appPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  const replacements: [RegExp, string][] = [
    [/( {4}server 127\.0\.0\.1:\d+ [^;]*;\n)+/, `${servers}\n`],
    [/listen 443 ssl;/, `listen 127.0.0.1:${nginxPort};`],
    [/server_name [^;]+;/, 'server_name 127.0.0.1;'],
    [/ +ssl_certificate [^;]+;\n/, ''],
    [/ +ssl_certificate_key [^;]+;\n/, ''],
    // Which process answered: for the test only.
    [/location \/ \{/, 'location / {\n        add_header X-Upstream $upstream_addr always;'],
  ];
  let conf = block;
  for (const [pattern, value] of replacements) {
    if (!pattern.test(conf)) throw new Error(`docs/deploy.md's upstream block lost ${String(pattern)}`);
    conf = conf.replace(pattern, value);
  }
  return conf;
}

/** One request from a chosen loopback address (127.0.0.0/8 is all this machine's). */
function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe.each(engines)('two processes on one %s database behind nginx', (engine) => {
  let dir: string;
  let db: TestDatabase | undefined;
  let s3: S3Server | undefined;
  let redis: TestRedisServer | undefined;
  let a: Server | undefined;
  let b: Server | undefined;
  let nginx: ChildProcess | undefined;
  let origin: string;
  let admin: string;

  const api = async (server: Server, method: string, p: string, body?: unknown, token?: string) => {
    const res = await fetch(`${server.baseURL}/api/v1${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: never } };
  };
  const search = async (server: Server, query: string) => {
    const res = await api(server, 'POST', '/public/search', { query });
    expect(res.status).toBe(200);
    return (res.body.data as { total: number }).total;
  };

  beforeAll(async () => {
    if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: run \`apt-get install -y nginx\`.`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-many-'));
    fs.chmodSync(dir, 0o755);
    let databaseUrl = '';
    if (engine === 'postgres') {
      db = await createTestDatabase('postgres');
      databaseUrl = db.url!;
    }
    // One data folder (SQLite's file, or nothing but temporary files), and media both processes reach.
    if (engine === 'postgres') {
      s3 = await startS3Server();
      redis = await startRedisServer();
    }
    const env = {
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: databaseUrl,
      ...s3?.env,
      ...(redis ? { REDIS_URL: redis.url } : {}),
    };
    // The first process migrates alone; the second starts on a database already made.
    a = await startLibraryServer({ ...env, TRUST_PROXY: 'true' });
    b = await startLibraryServer({ ...env, TRUST_PROXY: 'true' });

    await run(process.execPath, ['--import', 'tsx', 'server/cli/create-admin.ts', '--username', 'quantri01'], {
      cwd: root,
      env: { ...process.env, ...env, ADMIN_PASSWORD: 'mat-khau-quan-tri', LOG_LEVEL: 'silent' },
    });
    const login = await api(a, 'POST', '/public/user/login', { username: 'quantri01', password: 'mat-khau-quan-tri' });
    expect(login.status).toBe(200);
    admin = (login.body.data as { token: string }).token;

    const nginxPort = await freePort();
    origin = `http://127.0.0.1:${nginxPort}`;
    const conf = [
      'pid nginx.pid;',
      'error_log error.log warn;',
      'worker_processes 1;',
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      '  client_body_temp_path temp/client-body;',
      '  proxy_temp_path temp/proxy;',
      '  fastcgi_temp_path temp/fastcgi;',
      '  uwsgi_temp_path temp/uwsgi;',
      '  scgi_temp_path temp/scgi;',
      deployUpstreamConf(nginxPort, [a.port, b.port]),
      '}',
    ].join('\n');
    fs.mkdirSync(path.join(dir, 'temp'));
    fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
    let nginxLog = '';
    nginx = spawn(NGINX, ['-p', `${dir}/`, '-c', 'nginx.conf', '-e', 'error.log', '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stderr!.on('data', (d: Buffer) => (nginxLog += d.toString()));
    const proxy = nginx;
    await waitUntilUp(
      'nginx',
      async () => (await fetch(`${origin}/readyz`)).ok,
      proxy,
      () => nginxLog,
    );
  }, 120_000);

  afterAll(async () => {
    await stopProcess(nginx);
    await stopProcess(a?.child);
    await stopProcess(b?.child);
    await db?.drop();
    await s3?.stop();
    await redis?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows an edit made through one process at once through the other: its cached page and its search', async () => {
    const before = `truocsua${Date.now().toString(36)}`;
    const after = `saukhisua${Date.now().toString(36)}`;
    const created = await api(a!, 'POST', '/admin/books', { title: 'Kinh nhiều tiến trình' }, admin);
    expect(created.status).toBe(201);
    const book = created.body.data as { id: number; code: string };
    const chapter = await api(
      a!,
      'POST',
      `/admin/book/${book.id}/chapters`,
      { title: 'Chương trước khi sửa', markdown: `Lời kinh có chữ ${before}.` },
      admin,
    );
    expect(chapter.status).toBe(201);
    const chapterId = (chapter.body.data as { id: number }).id;
    expect((await api(a!, 'POST', `/admin/book/${book.id}/publish`, {}, admin)).status).toBe(200);

    // B keeps the book page and both searches before the edit.
    const page = `${b!.baseURL}/sach/${book.code}`;
    await fetch(page).then((r) => r.text());
    const kept = await fetch(page);
    expect(kept.headers.get('x-cache')).toBe('hit');
    expect(await kept.text()).toContain('Chương trước khi sửa');
    expect(await search(b!, before)).toBe(1);
    expect(await search(b!, after)).toBe(0);

    const edit = await api(
      a!,
      'PUT',
      `/admin/chapter/${chapterId}`,
      { title: 'Chương đã sửa', markdown: `Lời kinh có chữ ${after}.` },
      admin,
    );
    expect(edit.status).toBe(200);

    // The next request to B: no waiting, no message between the processes — the database says.
    const fresh = await fetch(page);
    expect(fresh.headers.get('x-cache')).toBe('miss');
    const html = await fresh.text();
    expect(html).toContain('Chương đã sửa');
    expect(html).not.toContain('Chương trước khi sửa');
    expect(await search(b!, after)).toBe(1);
    expect(await search(b!, before)).toBe(0);
  });

  it('serves through one process the file uploaded through the other (from object storage on PostgreSQL), and a session made by one to the other', async () => {
    const reader = newReader();
    const registered = await api(a!, 'POST', '/public/user/register', { ...reader, confirmPassword: reader.password });
    expect(registered.status).toBe(201);
    const token = (registered.body.data as { token: string }).token;
    const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#3b6e4f' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('avatar', new File([png], 'anh.png', { type: 'image/png' }));
    const upload = await fetch(`${a!.baseURL}/api/v1/me/avatar`, {
      method: 'POST',
      body: form,
      headers: { 'x-token': token },
    });
    expect(upload.status).toBe(200);
    // B knows the session A started, and the avatar A stored.
    const me = await api(b!, 'GET', '/me', undefined, token);
    expect(me.status).toBe(200);
    const avatar = (me.body.data as { avatar: string | null }).avatar;
    expect(avatar).toMatch(/^\/media\//);
    const fromA = Buffer.from(await (await fetch(`${a!.baseURL}${avatar}`)).arrayBuffer());
    const fromB = await fetch(`${b!.baseURL}${avatar}`);
    expect(fromB.status).toBe(200);
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.equals(fromA)).toBe(true);
    // PostgreSQL's run keeps media in the bucket: nothing under the data folder.
    if (s3) {
      expect((await s3.storedFiles()).some((f) => f.includes(avatar!.split('/').at(-1)!))).toBe(true);
      expect(fs.existsSync(path.join(dir, 'data', 'media', avatar!.slice('/media/'.length)))).toBe(false);
    }
  });

  it('refuses the 31st login attempt from one address whichever process nginx sends it to', async () => {
    // A loopback address nobody else in this file uses: nginx sees it and passes it on.
    const address = engine === 'postgres' ? '127.0.0.23' : '127.0.0.24';
    const attempt = (i: number) =>
      requestFrom(address, `${origin}/api/v1/public/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `khach-${i}`, password: 'sai-mat-khau' }),
      });
    const answered: { status: number; by: string }[] = [];
    for (let i = 0; i < 36; i++) {
      const res = await attempt(i);
      answered.push({ status: res.status, by: String(res.headers['x-upstream']) });
    }
    expect(answered.slice(0, 30).map((r) => r.status)).toEqual(Array(30).fill(401));
    expect(answered.slice(30).map((r) => r.status)).toEqual(Array(6).fill(429));
    // nginx spread them: both processes answered 401s, and both refused.
    const by = (status: number) => new Set(answered.filter((r) => r.status === status).map((r) => r.by));
    expect(by(401)).toEqual(new Set([`127.0.0.1:${a!.port}`, `127.0.0.1:${b!.port}`]));
    expect(by(429)).toEqual(new Set([`127.0.0.1:${a!.port}`, `127.0.0.1:${b!.port}`]));
    if (redis) {
      // With REDIS_URL the count is in Redis, not in the database's rate_windows.
      const client = new Redis(redis.url);
      const counted = Number(await client.hget(`phap-bao:rate:login:${address}`, 'count'));
      await client.quit();
      expect(counted).toBeGreaterThanOrEqual(31);
      expect(await createRepositories(db!.database.db).rateWindows.find(`login:${address}`, Date.now())).toBeNull();
    }
    // Another address is not held back by this one.
    expect(
      (
        await requestFrom('127.0.0.25', `${origin}/api/v1/public/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'khach-moi', password: 'sai-mat-khau' }),
        })
      ).status,
    ).toBe(401);
  });
});
