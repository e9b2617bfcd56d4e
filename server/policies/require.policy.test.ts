import { describe, expect, it } from 'vitest';
import type { User } from '#common/contracts/auth.schema.ts';
import { ERROR_MESSAGES } from '#common/messages.ts';
import { AppError } from '#server/errors.ts';
import { ADMINS_ONLY, MODERATORS_ONLY, requireAdmin, requireModerator, requireOwned } from './require.policy.ts';

const userWith = (role: User['role']) => ({ id: 1, username: 'a', role }) as User;

function refusalOf(work: () => unknown): { status: number; code: string; message: string } | null {
  try {
    work();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
}

describe('requireAdmin', () => {
  it('lets an admin through', () => {
    expect(refusalOf(() => requireAdmin(userWith('admin')))).toBeNull();
  });

  it('refuses moderators and readers with 403 and the admins-only message', () => {
    for (const role of ['moderator', 'reader'] as const) {
      expect(refusalOf(() => requireAdmin(userWith(role)))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: ADMINS_ONLY,
      });
    }
  });

  it("says the caller's message when given one", () => {
    expect(refusalOf(() => requireAdmin(userWith('reader'), ERROR_MESSAGES.FORBIDDEN))?.message).toBe(
      ERROR_MESSAGES.FORBIDDEN,
    );
  });
});

describe('requireModerator', () => {
  it('lets moderators and admins through', () => {
    expect(refusalOf(() => requireModerator(userWith('moderator')))).toBeNull();
    expect(refusalOf(() => requireModerator(userWith('admin')))).toBeNull();
  });

  it('refuses readers with 403 and the moderators-only message', () => {
    expect(refusalOf(() => requireModerator(userWith('reader')))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: MODERATORS_ONLY,
    });
  });
});

describe('requireOwned', () => {
  it('returns the row its owner-scoped lookup found', () => {
    const row = { id: 3, user_id: 1 };
    expect(requireOwned(row, 'Không thấy.')).toBe(row);
  });

  it('answers 404, never 403, when the lookup found nothing (absent or not yours)', () => {
    for (const row of [undefined, null]) {
      expect(refusalOf(() => requireOwned(row, 'Không thấy.'))).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: 'Không thấy.',
      });
    }
  });
});
