import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { newReader, type Reader } from '../../factories/reader.ts';

/** Signs up a fresh reader through the API and puts the session cookie into the browser context. */
export async function loginAs(context: BrowserContext, baseURL: string): Promise<Reader & { token: string }> {
  const reader = newReader();
  const res = await fetch(`${baseURL}/api/v1/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { token: string } };
  await context.addCookies([{ name: 'pb_token', value: data.token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return { ...reader, token: data.token };
}

const root = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * The running library's administrator, made the way its operators do it (the admin command, on the
 * e2e server's data folder), logged in through the API; the session cookie goes into `context`.
 */
export async function loginAsAdmin(context: BrowserContext, baseURL: string, dataDir: string): Promise<string> {
  const username = 'quantri01';
  const password = 'mat-khau-quan-tri';
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/create-admin.ts', '--username', username], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: password, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`create-admin failed: ${made.stderr}`);
  const res = await fetch(`${baseURL}/api/v1/public/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  await context.addCookies([{ name: 'pb_token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return token;
}
