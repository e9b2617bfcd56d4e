import { describe, expect, it } from 'vitest';
import { FRESH_LOGIN_MS, isFreshLoginOf } from './account.policy.ts';

const at = new Date('2026-11-25T10:00:00.000Z');
const openedAgo = (ms: number) => new Date(at.getTime() - ms).toISOString();

describe('isFreshLoginOf', () => {
  it("accepts the account's own session opened within the fresh-login window", () => {
    expect(isFreshLoginOf({ user_id: 7, created_at: openedAgo(60_000) }, 7, at)).toBe(true);
    expect(isFreshLoginOf({ user_id: 7, created_at: openedAgo(FRESH_LOGIN_MS) }, 7, at)).toBe(true);
  });

  it("refuses another account's session, an old login and no session", () => {
    expect(isFreshLoginOf({ user_id: 8, created_at: openedAgo(60_000) }, 7, at)).toBe(false);
    expect(isFreshLoginOf({ user_id: 7, created_at: openedAgo(FRESH_LOGIN_MS + 1) }, 7, at)).toBe(false);
    expect(isFreshLoginOf(null, 7, at)).toBe(false);
    expect(isFreshLoginOf(undefined, 7, at)).toBe(false);
  });
});
