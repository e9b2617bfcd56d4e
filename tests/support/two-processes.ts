import type { DialectName } from '#server/db/database.ts';
import { createMetrics } from '#server/http/metrics.ts';
import { createLogger, type Logger } from '#server/logger.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import { redisSharing } from './redis-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type AppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;

export interface TwoProcesses {
  a: TestApp;
  b: TestApp;
  /** The mail both send through (account recovery). */
  mail: MailCatcher;
  close(): Promise<void>;
}

/**
 * Two app processes behind one balancer, as the tests of shared limits make them: two apps on one
 * fresh database of `engine`, without the demo, sending mail to one catcher and, with `redisUrl`,
 * counting and announcing through Redis (server/shared/open-redis.ts, under a key prefix of the
 * test's own) with Redis among the readiness checks. Each process logs to `loggerOf('a' | 'b')`.
 */
export async function startTwoProcesses(
  engine: DialectName,
  options: {
    redisUrl?: string;
    loggerOf?: (process: 'a' | 'b') => Logger;
    env?: Record<string, string>;
    /** Each process keeps Prometheus metrics of its own (read at /metrics with env.METRICS_TOKEN). */
    withMetrics?: boolean;
    app?: Pick<AppOptions, 'accountLimits' | 'recoveryLimits' | 'loginThrottle'>;
  } = {},
): Promise<TwoProcesses> {
  const mail = await startMailCatcher();
  const db: TestDatabase = await createTestDatabase(engine);
  const prefix = `test-${engine}-${Date.now()}-${Math.random().toString(36).slice(2)}:`;
  const closers: (() => Promise<void>)[] = [];
  const start = async (process: 'a' | 'b') => {
    const logger = options.loggerOf?.(process) ?? createLogger('silent');
    const shared = options.redisUrl ? await redisSharing(options.redisUrl, prefix, logger) : null;
    if (shared) {
      closers.push(shared.close);
      await shared.notices.ready();
    }
    return createTestApp(engine, {
      ...options.app,
      demo: false,
      // The database is the processes' common one: dropped once, below.
      database: { ...db, drop: async () => {} },
      logger,
      counters: shared?.counters,
      notices: shared?.notices,
      readinessDependencies: shared ? [{ name: 'redis', ping: shared.ping }] : undefined,
      metrics: options.withMetrics ? createMetrics() : undefined,
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        MAIL_FROM: 'Pháp Bảo <khong-tra-loi@phapbao.example.org>',
        PUBLIC_URL: 'https://phapbao.example.org',
        ...options.env,
      },
    });
  };
  const a = await start('a');
  const b = await start('b');
  return {
    a,
    b,
    mail,
    async close() {
      await a.close();
      await b.close();
      for (const close of closers) await close();
      await db.drop();
      await mail.close();
    },
  };
}
