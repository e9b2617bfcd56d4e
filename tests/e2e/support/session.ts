import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
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

/** The administrator of the shared library: made once by tests/e2e/global-setup.ts. */
export const SHARED_ADMIN = { username: 'quantri01', password: 'mat-khau-quan-tri' } as const;

/**
 * Makes (or promotes) an administrator the way the library's operators do it: the admin command,
 * on `dataDir`'s database. The command runs asynchronously: a synchronous spawn would stall the
 * event loop long enough for a server to close a kept-alive connection that fetch then reuses
 * ("other side closed").
 */
export async function createAdmin(dataDir: string, username: string, password: string): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', 'server/cli/create-admin.ts', '--username', username], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: password, LOG_LEVEL: 'silent' },
  });
}

/**
 * An administrator of the running library, made with the admin command (`createAdmin`), then
 * logged in through the API; returns the session token. The shared library's administrator was
 * made by the global setup, so its files only log in (the command costs seconds of tsx start-up).
 */
export async function adminToken(
  baseURL: string,
  dataDir: string,
  username: string = SHARED_ADMIN.username,
  password: string = SHARED_ADMIN.password,
): Promise<string> {
  const madeAtSetup =
    dataDir === inject('dataDir') && username === SHARED_ADMIN.username && password === SHARED_ADMIN.password;
  if (!madeAtSetup) await createAdmin(dataDir, username, password);
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
