import { AppError } from '#server/errors.ts';
import type { SharedCounters } from './shared-counters.ts';

/**
 * How login and sign-up attempts are slowed down (SECURITY.md states the same policy):
 * - per address: `perIp` attempts per window, then 429 until the window ends;
 * - per account (its user id, whichever of username or e-mail was typed; an unknown name counts
 *   under the name itself, so both look the same from outside): after `freeFailures` wrong
 *   passwords in a row, each further try waits a delay that doubles (1 s, 2 s, 4 s, …) up to
 *   `maxDelayMs`. A browser that has logged in to the account before skips that delay, so a
 *   stranger who knows a reader's public username cannot lock the reader out.
 *
 * The counts are shared (rate_windows in the database, or Redis with REDIS_URL: decisions 0029,
 * 0038), so every app process behind the balancer counts against the same limit. An address once refused is remembered here
 * too until its window ends: a flood from it costs no query and adds no row.
 */
export interface LoginThrottleOptions {
  perIp: number;
  windowMs: number;
  freeFailures: number;
  maxDelayMs?: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs?: number;
  /** Refused addresses remembered in this process (least recently refused out first). */
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
const DEFAULT_MAX_KEYS = 20_000;

export function createLoginThrottle(options: LoginThrottleOptions & { windows: SharedCounters }) {
  const { windows } = options;
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const forgetAfterMs = options.forgetAfterMs ?? DEFAULT_FORGET_AFTER_MS;
  /** Address key → when its window ends; only addresses already refused. */
  const refusedUntil = new Map<string, number>();

  function delayAfter(count: number): number {
    if (count < options.freeFailures) return 0;
    const exponent = Math.min(count - options.freeFailures, 30);
    return Math.min(1000 * 2 ** exponent, maxDelayMs);
  }

  function refuse(): never {
    throw new AppError('TOO_MANY_REQUESTS', 'Bạn đã thử quá nhiều lần. Xin đợi ít phút rồi thử lại.');
  }

  async function waitMsFor(accountKey: string): Promise<number> {
    const t = now();
    const f = await windows.find(`login-failures:${accountKey}`, t);
    if (!f) return 0;
    return Math.max(0, f.startedAt + delayAfter(f.count) - t);
  }

  return {
    /** Counts one attempt from the address; 429 once it has used its window. */
    async requireAddressAllowed(action: string, ip: string): Promise<void> {
      const key = `${action}:${ip}`;
      const t = now();
      const until = refusedUntil.get(key);
      if (until !== undefined) {
        if (until > t) refuse();
        refusedUntil.delete(key);
      }
      const w = await windows.hitWindow(key, t, options.windowMs);
      if (w.count <= options.perIp) return;
      refusedUntil.set(key, w.expiresAt);
      for (const k of refusedUntil.keys()) {
        if (refusedUntil.size <= maxKeys) break;
        refusedUntil.delete(k);
      }
      refuse();
    },

    /** How long the account must still wait before its password is checked again (0: not at all). */
    waitMsFor,

    /** 429 with the seconds left when the account is still waiting. */
    async requireAccountAllowed(accountKey: string): Promise<void> {
      const wait = await waitMsFor(accountKey);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        const when = seconds >= 120 ? `${Math.ceil(seconds / 60)} phút` : `${seconds} giây`;
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `Mật khẩu đã bị nhập sai nhiều lần. Xin đợi ${when} rồi thử lại, hoặc đăng nhập từ thiết bị bạn vẫn dùng.`,
        );
      }
    },

    async recordFailure(accountKey: string): Promise<void> {
      await windows.hitFailure(`login-failures:${accountKey}`, now(), forgetAfterMs);
    },

    async recordSuccess(accountKey: string): Promise<void> {
      await windows.remove(`login-failures:${accountKey}`);
    },

    /** Live counters (addresses, accounts) in the shared store: for tests and the flood bench. */
    async sizes(): Promise<{ addresses: number; accounts: number }> {
      const t = now();
      const addresses = (await windows.countLive('login:', t)) + (await windows.countLive('register:', t));
      const accounts = await windows.countLive('login-failures:', t);
      return { addresses, accounts };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
