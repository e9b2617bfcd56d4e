import type { AppLoadContext } from 'react-router';
import { CONTENT_PREFETCH_TIMEOUT_MS } from '#common/constants.ts';

export type Budgeted<T> = { ok: true; value: T } | { ok: false };

/**
 * A page's secondary data within its budget (product spec §9: 2,000 ms): late or failed, the part is
 * left out and the page still answers, showing <SlowPart> (app/components/ui/slow-part.tsx) in its
 * place. Such a page is not kept by the page cache. The page's main content never goes through
 * here: a missing book stays a 404.
 */
export async function withBudget<T>(
  context: AppLoadContext,
  work: Promise<T>,
  ms: number = CONTENT_PREFETCH_TIMEOUT_MS,
): Promise<Budgeted<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    const result = await Promise.race([work.then((value) => ({ value })), late]);
    if (result !== 'late') return { ok: true, value: result.value };
    context.logger.warn({ reqId: context.requestId, ms }, 'page data over its budget: part left out');
  } catch (error) {
    context.logger.error({ reqId: context.requestId, err: error }, 'page data failed: part left out');
  } finally {
    clearTimeout(timer);
  }
  // The late work may still fail: nobody waits for it any more.
  work.catch(() => undefined);
  context.render.degraded = true;
  return { ok: false };
}
