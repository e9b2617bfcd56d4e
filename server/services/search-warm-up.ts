import type { SearchRequest } from '#common/contracts/search.schema.ts';
import type { Logger } from '#server/logger.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { SearchKind } from '#server/search/passage-id.ts';
import type { RankedAnswers } from './search-answers.ts';
import { planQuery } from './search-query.ts';

// Answering ahead (warmUp): the most frequent words of libraries of at least this many passages.
const WARM_MIN_INDEX_SIZE = 50_000;
const WARM_TERMS = 600;
const WARM_MIN_PASSAGES = 5_000;
const KINDS = Object.values(SearchKind);

/**
 * Answers ahead the one-word searches of the most frequent words (strict and broad), the
 * searches whose answers cost most, and stores them for this generation of the index — except
 * those the head tier answers. Small libraries need none of it. Yields between
 * queries so readers are served meanwhile.
 */
export async function warmUpSearch(
  deps: { repos: Repositories; logger: Logger; answers: RankedAnswers },
  options: { terms?: number; minPassages?: number; minIndexSize?: number } = {},
): Promise<{ queries: number; ms: number }> {
  const { repos, logger, answers } = deps;
  const started = performance.now();
  if ((await repos.search.size()) < (options.minIndexSize ?? WARM_MIN_INDEX_SIZE)) return { queries: 0, ms: 0 };
  const generation = await repos.search.generation();
  await repos.searchAnswers.removeStale(generation);
  const terms = await repos.search.frequentTerms(options.terms ?? WARM_TERMS, options.minPassages ?? WARM_MIN_PASSAGES);
  let queries = 0;
  for (const { term, form } of terms) {
    const modes: SearchRequest['mode'][] = form === 'exact' ? ['strict', 'broad'] : ['strict'];
    for (const mode of modes) {
      const plan = planQuery(term, mode);
      if (!plan) continue;
      // A search the head tier answers (one word alone, or by its bounds: decision 0042) needs no
      // stored answer.
      if (plan.boosts.length === 0 && (await repos.search.heads.page(plan.required, KINDS, 0, 10))) continue;
      if (await repos.search.heads.bounded(plan, KINDS, 0, 10)) continue;
      // Stored at this generation already (an earlier start): nothing to do.
      if (await answers.isStored(plan, generation)) continue;
      await answers.evaluateAndStore(plan, [], undefined, generation);
      queries++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const ms = Math.round(performance.now() - started);
  logger.info({ queries, ms }, 'search answers of frequent words stored');
  return { queries, ms };
}
