import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { withBudget } from './budget.server.ts';

const contextOf = () =>
  ({ logger: createLogger('silent'), requestId: 'r', render: { degraded: false } }) as unknown as AppLoadContext;
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('withBudget', () => {
  it('gives the value when it comes in time, and leaves the page whole', async () => {
    const context = contextOf();
    expect(await withBudget(context, after(5, 'a'), 200)).toEqual({ ok: true, value: 'a' });
    expect(context.render.degraded).toBe(false);
  });

  it('gives up at the budget and marks the page degraded, late or failed', async () => {
    const context = contextOf();
    const started = performance.now();
    expect(await withBudget(context, after(1000, 'a'), 50)).toEqual({ ok: false });
    expect(performance.now() - started).toBeLessThan(500);
    expect(context.render.degraded).toBe(true);
    const failing = contextOf();
    expect(await withBudget(failing, Promise.reject(new Error('db down')), 50)).toEqual({ ok: false });
    expect(failing.render.degraded).toBe(true);
  });
});
