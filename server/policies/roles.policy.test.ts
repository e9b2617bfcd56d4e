import { describe, expect, it } from 'vitest';
import { mayAdminister, mayModerate } from './roles.policy.ts';

const admin = { role: 'admin' } as const;
const moderator = { role: 'moderator' } as const;
const reader = { role: 'reader' } as const;

describe('mayAdminister', () => {
  it('lets an admin in', () => {
    expect(mayAdminister(admin)).toBe(true);
  });

  it('keeps moderators, readers and anonymous visitors out', () => {
    expect(mayAdminister(moderator)).toBe(false);
    expect(mayAdminister(reader)).toBe(false);
    expect(mayAdminister(null)).toBe(false);
    expect(mayAdminister(undefined)).toBe(false);
  });
});

describe('mayModerate', () => {
  it('lets moderators and admins in', () => {
    expect(mayModerate(moderator)).toBe(true);
    expect(mayModerate(admin)).toBe(true);
  });

  it('keeps readers and anonymous visitors out', () => {
    expect(mayModerate(reader)).toBe(false);
    expect(mayModerate(null)).toBe(false);
    expect(mayModerate(undefined)).toBe(false);
  });
});
