import { describe, expect, it } from 'vitest';
import { choosePlan, estimatePlans, PLAN_WEIGHTS } from './query-plan.ts';
import type { EngineQuery, MatchClause } from './search-index.ts';

// Passages per word of a library of a million passages (the shape of bench/search's library).
const PASSAGES: Record<string, number> = {
  'exact:của': 360_000,
  'exact:và': 430_000,
  'exact:là': 374_000,
  'exact:các': 300_000,
  'exact:lân': 40,
  'exact:phật': 40_000,
  'exact:giáo': 25_000,
  'exact:chùa': 24_000,
  'folded:cac': 310_000,
  'folded:la': 390_000,
  'folded:daimyo': 450,
};
const passagesOf = (form: MatchClause['form'], word: string) => PASSAGES[`${form}:${word}`] ?? 0;
const clause = (words: string, phrase = false, form: MatchClause['form'] = 'exact'): MatchClause => ({
  form,
  words: words.split(' '),
  phrase,
});
const query = (required: MatchClause, boosts: MatchClause[] = []): EngineQuery => ({ required, boosts });

describe('the plan of a search, from its words’ passages', () => {
  it('walks each clause’s rarest word: a rare word among common ones is ranked in full', () => {
    const estimate = estimatePlans(query(clause('của lân', true)), [], passagesOf);
    expect(estimate).toEqual({ requiredWalk: 40, boostWalk: 0, conditionWalk: 0, postingsWords: 360_040 });
    expect(choosePlan(estimate, PLAN_WEIGHTS.sqlite).plan).toBe('full');
    expect(choosePlan(estimate, PLAN_WEIGHTS.postgres).plan).toBe('full');
  });

  it('counts the boosts and the conditions', () => {
    const estimate = estimatePlans(query(clause('phật'), [clause('phật giáo', true)]), [clause('chùa')], passagesOf);
    expect(estimate).toEqual({
      requiredWalk: 40_000,
      boostWalk: 25_000,
      conditionWalk: 24_000,
      postingsWords: 40_000 + 25_000 + 24_000,
    });
  });

  it('leaves common words to the postings', () => {
    const common = estimatePlans(query(clause('của và là')), [], passagesOf);
    expect(common.requiredWalk).toBe(360_000);
    const chosen = choosePlan(common, PLAN_WEIGHTS.sqlite);
    expect(chosen.fullCost).toBeGreaterThan(chosen.postingsCost);
    expect(chosen.plan).toBe('postings');
  });

  it('skips the boosts’ walk when SQLite scores the few required matches itself', () => {
    // "các daimyo là" broad: the reader's diacritics on two very common words as boosts.
    const broad = query(clause('cac daimyo la', false, 'folded'), [clause('các'), clause('là')]);
    const estimate = estimatePlans(broad, [], passagesOf);
    expect(estimate.requiredWalk).toBe(450);
    expect(estimate.boostWalk).toBe(674_000);
    expect(choosePlan(estimate, PLAN_WEIGHTS.sqlite).plan).toBe('full');
    // Past the required matches SQLite scores itself, FTS5 walks every boost.
    expect(choosePlan(estimate, { ...PLAN_WEIGHTS.sqlite, boostsSkippedUpTo: 400 }).plan).toBe('postings');
  });

  it('never takes the full ranking past the passages it ranks exactly, or past a given limit', () => {
    const estimate = { requiredWalk: 5_001, boostWalk: 0, conditionWalk: 0, postingsWords: 10_000_000 };
    expect(choosePlan(estimate, PLAN_WEIGHTS.sqlite).plan).toBe('full');
    expect(choosePlan(estimate, PLAN_WEIGHTS.postgres).plan).toBe('postings');
    expect(choosePlan(estimate, PLAN_WEIGHTS.sqlite, 5_000).plan).toBe('postings');
  });

  it('walks nothing when a required word is in no passage (nothing matches)', () => {
    const estimate = estimatePlans(query(clause('xyzzy và')), [clause('của')], passagesOf);
    expect(estimate).toEqual({ requiredWalk: 0, boostWalk: 0, conditionWalk: 0, postingsWords: 0 });
    expect(choosePlan(estimate, PLAN_WEIGHTS.sqlite).plan).toBe('full');
  });
});
