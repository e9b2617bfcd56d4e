import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Each run starts Node with tsx: seconds on a quiet machine, much longer on a busy CI one (no speed is asserted). */
const CLI_TEST_TIMEOUT_MS = 180_000;

const root = path.resolve(import.meta.dirname, '..', '..');

describe('server start-up', () => {
  it(
    'refuses to start on a bad setting, naming it in a clear message',
    () => {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: 'ba nghìn',
          DATABASE_URL: 'mysql://nope',
          DATA_DIR: '/tmp/phap-bao-never-created',
        },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Cấu hình không hợp lệ');
      expect(result.stderr).toContain('PORT');
      expect(result.stderr).toContain('DATABASE_URL');
      // A clear message, not a stack trace.
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
