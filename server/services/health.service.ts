import type { Logger } from '#server/logger.ts';
import type { Repositories } from '#server/repositories/index.ts';

/** How long the readiness check waits for the database (or Redis) before it counts it as not answering. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * Something besides the database that only some requests need (Redis with REDIS_URL: logins and
 * readers' writes count there, reading does not). When it does not answer the process stays ready
 * and says it is degraded: every process shares it, so failing readiness would take them all out
 * of the balancer at once, and readers with them.
 */
export interface ReadinessDependency {
  /** What /readyz names when it does not answer: a word, never its address (which may hold a password). */
  name: 'redis';
  /** Resolves when it answers, rejects when it does not. */
  ping(): Promise<void>;
}

export type Readiness =
  { ready: true; degraded: ReadinessDependency['name'][] } | { ready: false; reason: 'shutting-down' | 'database' };

/**
 * Whether a dependency answers, as the log tells it: one error line when it stops answering and
 * one line when it answers again, however many requests and probes meet it in between. Whoever
 * uses the dependency (the Redis counters, the readiness ping) reports each outcome here.
 */
export function createDependencyWatch(logger: Logger, name: ReadinessDependency['name']) {
  let down = false;
  return {
    failed(error: unknown): void {
      if (down) return;
      down = true;
      logger.error(
        { err: error, dependency: name },
        `${name} does not answer: logins, sign-ups, password resets, readers' writes and look-ups answer 503 until it is back; reading goes on (/readyz: degraded)`,
      );
    },
    answered(): void {
      if (!down) return;
      down = false;
      logger.info({ dependency: name }, `${name} answers again: counting resumed`);
    },
  };
}

export type DependencyWatch = ReturnType<typeof createDependencyWatch>;

/**
 * Whether this process should get traffic (GET /readyz, docs/deploy.md "Health"): not while it
 * shuts down, nor while the database does not answer within the timeout. A dependency that does
 * not answer leaves it ready but degraded. The checks run together, so the answer takes at most
 * one timeout.
 */
export function createHealthService(deps: {
  repos: Repositories;
  dependencies?: readonly ReadinessDependency[];
  timeoutMs?: number;
}) {
  let shuttingDown = false;
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  const dependencies = deps.dependencies ?? [];

  async function answers(ping: () => Promise<void>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([ping().then(() => true), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Each dependency and whether it answered within the timeout. */
  function checkDependencies(): Promise<{ name: ReadinessDependency['name']; up: boolean }[]> {
    return Promise.all(dependencies.map(async (d) => ({ name: d.name, up: await answers(() => d.ping()) })));
  }

  return {
    async readiness(): Promise<Readiness> {
      if (shuttingDown) return { ready: false, reason: 'shutting-down' };
      const [database, checked] = await Promise.all([answers(() => deps.repos.meta.ping()), checkDependencies()]);
      if (!database) return { ready: false, reason: 'database' };
      // Checked again: the signal may have come while the database answered.
      if (shuttingDown) return { ready: false, reason: 'shutting-down' };
      return { ready: true, degraded: checked.filter((d) => !d.up).map((d) => d.name) };
    },
    /** Whether each dependency answers now (the `phapbao_dependency_up` metric). */
    dependencies: checkDependencies,
    /** From now on the process answers "not ready" (SIGTERM: the balancer stops sending it readers). */
    beginShutdown(): void {
      shuttingDown = true;
    },
    isShuttingDown(): boolean {
      return shuttingDown;
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
