import type { Logger } from '#server/logger.ts';
import { createLogger } from '#server/logger.ts';
import { createDependencyWatch } from '#server/services/health.service.ts';
import { answerUnavailableAs503, type SharedCounters } from '#server/services/shared-counters.ts';

/**
 * Shared counters that stop answering while `down` is set, as Redis does in an outage, behind the
 * server's own 503 wrapper (`answerUnavailableAs503`). They count in the store given to `attach`
 * (the test database's `rate_windows`) while up. For tests that go through every route: stopping a
 * real redis-server costs each refused request the client's timeout
 * (tests/api/shared-limits-outage.test.ts does that for a few).
 */
export function countersOutage(logger: Logger = createLogger('silent')) {
  let store: SharedCounters | null = null;
  let down = false;
  const answering = (): SharedCounters => {
    if (down || !store) throw new Error('the shared counters do not answer (an outage made by a test)');
    return store;
  };
  const failing: SharedCounters = {
    hitWindow: async (...args) => answering().hitWindow(...args),
    hitFailure: async (...args) => answering().hitFailure(...args),
    find: async (...args) => answering().find(...args),
    remove: async (...args) => answering().remove(...args),
    countLive: async (...args) => answering().countLive(...args),
  };
  return {
    counters: answerUnavailableAs503(failing, createDependencyWatch(logger, 'redis')),
    attach(counters: SharedCounters): void {
      store = counters;
    },
    set down(value: boolean) {
      down = value;
    },
  };
}
