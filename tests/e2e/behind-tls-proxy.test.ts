import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReader } from '../factories/reader.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { startLibraryServer } from './support/library-server.ts';
import { freePort, stopProcess, waitUntilUp } from './support/processes.ts';
import { rawRequest } from './support/raw-http.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const NGINX = '/usr/sbin/nginx';

function requireProgram(file: string, aptPackage: string): void {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`apt-get install -y ${aptPackage}\`.`);
}

/**
 * The first nginx server block of docs/deploy.md, with only its names, ports and certificate
 * paths changed: the test runs the configuration operators are told to use.
 */
function deployServerBlock(nginxPort: number, appPort: number, certFile: string, keyFile: string): string {
  const doc = fs.readFileSync(path.join(root, 'docs', 'deploy.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deploy.md has no nginx block');
  const replacements: [RegExp, string][] = [
    [/listen 443 ssl;/, `listen 127.0.0.1:${nginxPort} ssl;`],
    [/server_name [^;]+;/, 'server_name 127.0.0.1;'],
    [/ssl_certificate [^;]+;/, `ssl_certificate ${certFile};`],
    [/ssl_certificate_key [^;]+;/, `ssl_certificate_key ${keyFile};`],
    [/proxy_pass http:\/\/127\.0\.0\.1:3000;/, `proxy_pass http://127.0.0.1:${appPort};`],
  ];
  let conf = block;
  for (const [pattern, value] of replacements) {
    if (!pattern.test(conf)) throw new Error(`docs/deploy.md's nginx block lost ${String(pattern)}`);
    conf = conf.replace(pattern, value);
  }
  return conf;
}

describe('behind nginx terminating TLS (PUBLIC_URL https, TRUST_PROXY=true)', () => {
  let dir: string;
  let server: ChildProcess | undefined;
  let nginx: ChildProcess | undefined;
  let browser: Browser | undefined;
  let origin: string;
  const reader = newReader();

  beforeAll(async () => {
    requireProgram('/usr/bin/openssl', 'openssl');
    requireProgram(NGINX, 'nginx');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-tls-'));
    // nginx's workers (another user when the test runs as root) write their temporary files here.
    fs.chmodSync(dir, 0o755);
    const certFile = path.join(dir, 'cert.pem');
    const keyFile = path.join(dir, 'key.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-days', '1'].concat([
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ]),
      { stdio: 'ignore' },
    );

    const appPort = await freePort();
    const nginxPort = await freePort();
    origin = `https://127.0.0.1:${nginxPort}`;

    server = (
      await startLibraryServer(
        { DATA_DIR: path.join(dir, 'data'), PUBLIC_URL: origin, TRUST_PROXY: 'true' },
        { port: appPort, readyPath: '/' },
      )
    ).child;

    const conf = [
      'pid nginx.pid;',
      'error_log error.log warn;',
      'worker_processes 1;',
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      '  client_body_temp_path temp/client-body;',
      '  proxy_temp_path temp/proxy;',
      '  fastcgi_temp_path temp/fastcgi;',
      '  uwsgi_temp_path temp/uwsgi;',
      '  scgi_temp_path temp/scgi;',
      deployServerBlock(nginxPort, appPort, certFile, keyFile),
      '}',
    ].join('\n');
    fs.mkdirSync(path.join(dir, 'temp'));
    fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
    let nginxLog = '';
    nginx = spawn(NGINX, ['-p', `${dir}/`, '-c', 'nginx.conf', '-e', 'error.log', '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stdout!.on('data', (d: Buffer) => (nginxLog += d.toString()));
    nginx.stderr!.on('data', (d: Buffer) => (nginxLog += d.toString()));
    const proxy = nginx;
    await waitUntilUp(
      'nginx',
      async () => (await rawRequest(`${origin}/`)).status === 200,
      proxy,
      () => nginxLog + (fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log')) : ''),
    );
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stopProcess(nginx);
    await stopProcess(server);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('signs up and edits the profile through the page forms over https, with a Secure cookie', async () => {
    const context = await browser!.newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/register`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const form = page.locator('.auth-form');
    await form.getByLabel('Tài khoản').fill(reader.username);
    await form.getByLabel('Email').fill(reader.email);
    await form.getByLabel('Mật khẩu', { exact: true }).fill(reader.password);
    await form.getByLabel('Nhập lại mật khẩu').fill(reader.password);
    await page.getByRole('button', { name: 'Tạo tài khoản' }).click();
    await page.waitForURL(`${origin}/`);
    await page.waitForFunction(() => document.querySelector('.header-actions')?.textContent?.includes('Đăng xuất'));

    const cookie = (await context.cookies()).find((c) => c.name === 'pb_token');
    expect(cookie?.secure).toBe(true);
    expect(cookie?.httpOnly).toBe(true);

    await page.goto(`${origin}/profile`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'Tên hiển thị' }).fill('Tâm An');
    await page.getByRole('button', { name: 'Lưu tên' }).click();
    await page.getByText('Đã đổi tên hiển thị.').waitFor();
    await page.locator('h1', { hasText: 'Tâm An' }).waitFor();
    await screenshot(page, 'behind-tls-proxy-profile-1440');
    // Saved, not only shown: a fresh page load from the server says the new name.
    const html = await (await context.request.get(`${origin}/profile`)).text();
    expect(html).toContain('Tâm An');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('still refuses a login form posted from a foreign origin, and takes the same one from its own', async () => {
    const body = new URLSearchParams({ username: reader.username, password: reader.password }).toString();
    const post = (from: string) =>
      rawRequest(`${origin}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: from },
        body,
      });
    const foreign = await post('https://evil.example');
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(String(foreign.headers['set-cookie'] ?? '')).not.toContain('pb_token');

    const own = await post(origin);
    expect(own.status).toBe(302);
    expect(String(own.headers['set-cookie'])).toMatch(/pb_token=[^;]+;.*; Secure/);
  });
});
