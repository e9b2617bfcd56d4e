import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { ZSessionResponseSchema } from '#common/contracts/auth.schema.ts';
import type { DialectName } from '#server/db/database.ts';
import { createApp } from '#server/app.ts';
import { loadEnv, type Env } from '#server/env.ts';
import type { Metrics } from '#server/http/metrics.ts';
import { createLogger, type Logger } from '#server/logger.ts';
import { openMediaStorage } from '#server/media/open-media-storage.ts';
import { createServices, type Services } from '#server/services/index.ts';
import type { ContentNotices } from '#server/services/content-notices.ts';
import type { ReadinessDependency } from '#server/services/health.service.ts';
import type { SharedCounters } from '#server/services/shared-counters.ts';
import { newReader } from '../factories/reader.ts';
import { copyTestDatabase, createTestDatabase, type TestDatabase } from './databases.ts';

export const DEMO_DIR = path.resolve(import.meta.dirname, '..', '..', 'data', 'demo');

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: Services;
  env: Env;
  db: TestDatabase;
  mediaDir: string;
  close(): Promise<void>;
}

/**
 * The real Hono app (no page handler) on a fresh database of `engine`, with the site defaults
 * and, unless asked otherwise, the demo content imported.
 */
export async function createTestApp(
  engine: DialectName,
  options: {
    demo?: boolean;
    env?: Record<string, string>;
    loginThrottle?: { perIp: number; windowMs: number; freeFailures: number };
    now?: () => Date;
    accountLimits?: { notes?: number; noteGroups?: number; writes?: number; writeWindowMs?: number };
    recoveryLimits?: { perAddress?: number; perEmail?: number; windowMs?: number };
    lookupLimit?: { perAddress: number; windowMs: number };
    /** Prometheus metrics (served at /metrics when env has METRICS_TOKEN). */
    metrics?: Metrics;
    /** Where the rate limits count (default: the database's rate_windows) and content notices travel (Redis: redis-server.ts). */
    counters?: SharedCounters;
    notices?: ContentNotices;
    /** What /readyz asks besides the database (Redis). */
    readinessDependencies?: readonly ReadinessDependency[];
    /** Where the app's and services' log lines go (default: nowhere). */
    logger?: Logger;
    /** A database of the test's own (a primary with its replica), migrated; else a fresh one of `engine`. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-test-'));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  fs.mkdirSync(env.MEDIA_DIR, { recursive: true });
  const logger = options.logger ?? createLogger('silent');
  // The demo library imported once for the run (tests/api/global-setup.ts), copied with its media;
  // imported here when there is none, or when the file's clock or storage would change what it holds.
  const image =
    options.demo !== false && !options.database && !options.now && !env.MEDIA_S3_BUCKET
      ? inject('demoLibraries')?.[engine]
      : undefined;
  const db = options.database ?? (image ? await copyTestDatabase(engine, image) : await createTestDatabase(engine));
  if (image) fs.cpSync(image.mediaDir, env.MEDIA_DIR, { recursive: true });
  const media = openMediaStorage(env);
  const services = createServices({
    database: db.database,
    env,
    logger,
    media,
    demoDir: DEMO_DIR,
    loginThrottle: options.loginThrottle,
    now: options.now,
    accountLimits: options.accountLimits,
    recoveryLimits: options.recoveryLimits,
    lookupLimit: options.lookupLimit,
    onSearchTimed: options.metrics?.observeSearch,
    counters: options.counters,
    notices: options.notices,
    readinessDependencies: options.readinessDependencies,
  });
  options.metrics?.watchDependencies(services.health.dependencies);
  await services.site.ensureDefaults();
  await services.searchIndexer.ensureCurrent();
  if (options.demo !== false) {
    await services.demoImport.importOnce();
    await services.demoImport.fillQuoteMeanings();
    await services.demoImport.importTalksOnce();
    await services.demoImport.importVideosOnce();
    // Last: compilations point at the books, talks, videos and articles imported above.
    await services.demoImport.importCompilationsOnce();
  }
  const app = createApp({ services, env, logger, media, metrics: options.metrics });
  return {
    app,
    services,
    env,
    db,
    mediaDir: env.MEDIA_DIR,
    async close() {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a new reader through the API and returns their session token. */
export async function registerReader(t: TestApp): Promise<string> {
  const reader = newReader();
  const res = await t.app.request('/api/v1/public/user/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
  });
  return ZSessionResponseSchema.parse(await res.json()).data.token;
}

/**
 * An administrator made the way operators do it (the admin command's service call), logged in
 * through the API; returns the session token and the display name the audit log shows.
 */
export async function loginAdmin(
  t: TestApp,
  username = 'quantri01',
  password = 'mat-khau-quan-tri',
): Promise<{ token: string; displayName: string }> {
  await t.services.auth.createOrPromoteAdmin(username, password);
  const res = await t.app.request('/api/v1/public/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { data } = ZSessionResponseSchema.parse(await res.json());
  return { token: data.token, displayName: data.user.displayName };
}
