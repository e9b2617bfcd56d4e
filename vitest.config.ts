import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure code beside its module), `api` (the Hono app with a real database,
 * SQLite and PostgreSQL) and `e2e` (the built site driven through Debian's Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // The demo library imported once per engine, copied by the files that start from it.
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One server, one browser per file; files run one after another on 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
