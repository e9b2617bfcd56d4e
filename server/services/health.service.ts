import type { Repositories } from '#server/repositories/index.ts';

/** How long the readiness check waits for the database before it answers "not ready". */
export const READINESS_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true } | { ready: false; reason: 'shutting-down' | 'database' };

/**
 * Whether this process should get traffic (GET /readyz, docs/deploy.md "Health"): not while it
 * shuts down, nor while the database does not answer a trivial query within the timeout.
 */
export function createHealthService(deps: { repos: Repositories; timeoutMs?: number }) {
  let shuttingDown = false;
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;

  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([deps.repos.meta.ping().then(() => true), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async readiness(): Promise<Readiness> {
      if (shuttingDown) return { ready: false, reason: 'shutting-down' };
      if (!(await databaseAnswers())) return { ready: false, reason: 'database' };
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
