import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
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
const run = promisify(execFile);

/**
 * An administrator of the running library, made the way its operators do it (the admin command,
 * on the e2e server's data folder), then logged in through the API; returns the session token.
 * The command runs asynchronously: a synchronous spawn would stall the event loop long enough for
 * the server to close a kept-alive connection that fetch then reuses ("other side closed").
 */
export async function adminToken(
  baseURL: string,
  dataDir: string,
  username = 'quantri01',
  password = 'mat-khau-quan-tri',
): Promise<string> {
  await run(process.execPath, ['--import', 'tsx', 'server/cli/create-admin.ts', '--username', username], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: password, LOG_LEVEL: 'silent' },
  });
  const res = await fetch(`${baseURL}/api/v1/public/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The same administrator, with the session cookie put into `context`. */
export async function loginAsAdmin(context: BrowserContext, baseURL: string, dataDir: string): Promise<string> {
  const token = await adminToken(baseURL, dataDir);
  await context.addCookies([{ name: 'pb_token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return token;
}
