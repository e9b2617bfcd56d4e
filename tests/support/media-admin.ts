import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { DialectName } from '#server/db/database.ts';
import { factories } from '../factories/tables.ts';
import { apiClient } from './api-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The app of the talk and video administration tests: no demo, uploads capped at 1 MB (so a file
 * too large is cheap to send), and the tokens of an admin and of a reader (who gets 403).
 */
export async function mediaAdminApp(engine: DialectName): Promise<{ t: TestApp; admin: string; reader: string }> {
  const t = await createTestApp(engine, { demo: false, env: { UPLOAD_MAX_MB: '1' } });
  const make = factories(t);
  return { t, admin: (await make.admin()).token, reader: (await make.reader()).token };
}

/** Every file under `dir` (the media folder, temporary files included), relative, sorted. */
export function mediaFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();
}

/** A broad public search's whole answer as text: does it hold a title, a transcript's words? */
export async function broadSearchText(t: Pick<TestApp, 'app'>, query: string): Promise<string> {
  const res = await apiClient(t).post('/public/search', { query, mode: 'broad' });
  expect(res.status).toBe(200);
  return JSON.stringify(await res.json());
}
