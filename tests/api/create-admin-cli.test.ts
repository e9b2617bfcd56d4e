import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';

/** Each run starts Node with tsx: seconds on a quiet machine, much longer on a busy CI one (no speed is asserted). */
const CLI_TEST_TIMEOUT_MS = 180_000;

const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-cli-'));

function createAdmin(username: string, password: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/create-admin.ts', '--username', username], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run user:create-admin', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'creates the admin, then promotes and resets it; refuses a bad password',
    async () => {
      const first = createAdmin('quantri', 'mat-khau-1');
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain('Đã tạo quản trị viên "quantri"');
      const second = createAdmin('quantri', 'mat-khau-2');
      expect(second.status).toBe(0);
      expect(second.stdout).toContain('"quantri" giờ là quản trị viên');
      const bad = createAdmin('quantri', '123');
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('Mật khẩu phải từ 6 tới 30 ký tự');

      const database = openDatabase({ sqlitePath: path.join(dataDir, 'phap-bao.sqlite') });
      const rows = await database.db.selectFrom('users').select(['username', 'role', 'password_hash']).execute();
      await database.close();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ username: 'quantri', role: 'admin' });
      expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
