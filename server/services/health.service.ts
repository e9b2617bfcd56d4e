import type { Repositories } from '#server/repositories/index.ts';

/** How long the readiness check waits for the database before it answers "not ready". */
export const READINESS_TIMEOUT_MS = 2_000;

/** Something besides the database this process cannot serve writers without (Redis with REDIS_URL). */
export interface ReadinessDependency {
  /** What /readyz names when it does not answer: a word, never its address (which may hold a password). */
  name: 'redis';
  /** Resolves when it answers, rejects when it does not. */
  ping(): Promise<void>;
}

export type Readiness =
  { ready: true } | { ready: false; reason: 'shutting-down' | 'database' | ReadinessDependency['name'] };

/**
 * Whether this process should get traffic (GET /readyz, docs/deploy.md "Health"): not while it
 * shuts down, nor while the database, or a dependency it was given, does not answer within the
 * timeout. The first that fails is named; the checks run together, so the answer takes at most
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

  return {
    async readiness(): Promise<Readiness> {
      if (shuttingDown) return { ready: false, reason: 'shutting-down' };
      const [database, ...others] = await Promise.all([
        answers(() => deps.repos.meta.ping()),
        ...dependencies.map((dependency) => answers(() => dependency.ping())),
      ]);
      if (!database) return { ready: false, reason: 'database' };
      const failed = dependencies.find((_, i) => !others[i]);
      if (failed) return { ready: false, reason: failed.name };
      // Checked again: the signal may have come while the database answered.
      if (shuttingDown) return { ready: false, reason: 'shutting-down' };
      return { ready: true };
    },
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
