import { AppError } from '#server/errors.ts';
import { createRateLimiter, DEFAULT_MAX_KEYS } from './rate-limiter.ts';

/**
 * How login and sign-up attempts are slowed down (SECURITY.md states the same policy):
 * - per address: `perIp` attempts per window, then 429 until the window ends;
 * - per account (its user id, whichever of username or e-mail was typed; an unknown name counts
 *   under the name itself, so both look the same from outside): after `freeFailures` wrong
 *   passwords in a row, each further try waits a delay that doubles (1 s, 2 s, 4 s, …) up to
 *   `maxDelayMs`. A browser that has logged in to the account before skips that delay, so a
 *   stranger who knows a reader's public username cannot lock the reader out.
 * Memory is bounded: the account map keeps at most `maxKeys` entries (least recently used first
 * out), and an address that is already refused adds nothing to it.
 */
export interface LoginThrottleOptions {
  perIp: number;
  windowMs: number;
  freeFailures: number;
  maxDelayMs?: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs?: number;
  maxKeys?: number;
  now?: () => number;
}

export const DEFAULT_LOGIN_THROTTLE = {
  perIp: 30,
  windowMs: 15 * 60 * 1000,
  freeFailures: 5,
} as const;

const DEFAULT_MAX_DELAY_MS = 15 * 60 * 1000;
const DEFAULT_FORGET_AFTER_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 1000;

export function createLoginThrottle(options: LoginThrottleOptions) {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const forgetAfterMs = options.forgetAfterMs ?? DEFAULT_FORGET_AFTER_MS;
  const byAddress = createRateLimiter({
    limit: options.perIp,
    windowMs: options.windowMs,
    now,
    maxKeys,
    pruneEveryMs: PRUNE_EVERY_MS,
  });
  // Wrong passwords in a row per account; re-inserted on use so the Map's first key is the least recent.
  const failures = new Map<string, { count: number; last: number }>();

  function pruneFailures() {
    const t = now();
    for (const [key, f] of failures) if (t - f.last >= forgetAfterMs) failures.delete(key);
  }
  const timer = setInterval(pruneFailures, PRUNE_EVERY_MS);
  timer.unref();

  function delayAfter(count: number): number {
    if (count < options.freeFailures) return 0;
    const exponent = Math.min(count - options.freeFailures, 30);
    return Math.min(1000 * 2 ** exponent, maxDelayMs);
  }

  return {
    /** Counts one attempt from the address; 429 once it has used its window. */
    requireAddressAllowed(action: string, ip: string): void {
      if (!byAddress.hit(`${action}:${ip}`)) {
        throw new AppError('TOO_MANY_REQUESTS', 'Bạn đã thử quá nhiều lần. Xin đợi ít phút rồi thử lại.');
      }
    },

    /** How long the account must still wait before its password is checked again (0: not at all). */
    waitMsFor(accountKey: string): number {
      const f = failures.get(accountKey);
      if (!f) return 0;
      if (now() - f.last >= forgetAfterMs) {
        failures.delete(accountKey);
        return 0;
      }
      return Math.max(0, f.last + delayAfter(f.count) - now());
    },

    /** 429 with the seconds left when the account is still waiting. */
    requireAccountAllowed(accountKey: string): void {
      const wait = this.waitMsFor(accountKey);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        const when = seconds >= 120 ? `${Math.ceil(seconds / 60)} phút` : `${seconds} giây`;
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `Mật khẩu đã bị nhập sai nhiều lần. Xin đợi ${when} rồi thử lại, hoặc đăng nhập từ thiết bị bạn vẫn dùng.`,
        );
      }
    },

    recordFailure(accountKey: string): void {
      const f = failures.get(accountKey);
      failures.delete(accountKey);
      failures.set(accountKey, { count: (f?.count ?? 0) + 1, last: now() });
      for (const key of failures.keys()) {
        if (failures.size <= maxKeys) break;
        failures.delete(key);
      }
    },

    recordSuccess(accountKey: string): void {
      failures.delete(accountKey);
    },

    /** Entries held (addresses, accounts): for tests and metrics. */
    sizes(): { addresses: number; accounts: number } {
      return { addresses: byAddress.size(), accounts: failures.size };
    },

    close(): void {
      clearInterval(timer);
      byAddress.close();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
