import { describe, expect, it } from 'vitest';
import { choosePlan, estimatePlans, PLAN_WEIGHTS } from './query-plan.ts';
import type { EngineQuery, MatchClause } from './search-index.ts';

// Passages per word of a library of 200,000 passages (bench/search's library, decision 0057).
const PASSAGES: Record<string, number> = {
  'exact:của': 72_000,
  'exact:và': 86_000,
  'exact:là': 75_000,
  'exact:các': 60_000,
  'exact:lân': 1_100,
  'exact:phật': 8_400,
  'exact:giáo': 16_000,
  'exact:chùa': 4_900,
  'folded:chien': 14_000,
  'folded:o': 40_000,
  'folded:cac': 61_000,
  'folded:la': 85_000,
  'folded:daimyo': 140,
};
const passagesOf = (form: MatchClause['form'], word: string) => PASSAGES[`${form}:${word}`] ?? 0;
const clause = (words: string, phrase = false, form: MatchClause['form'] = 'exact'): MatchClause => ({
  form,
  words: words.split(' '),
  phrase,
});
const query = (required: MatchClause, boosts: MatchClause[] = []): EngineQuery => ({ required, boosts });

describe('the plan of a search, from its words’ passages', () => {
  it('walks the rarest required word: a rare word among common ones is ranked in full', () => {
    const estimate = estimatePlans(query(clause('của lân', true)), [], passagesOf);
    expect(estimate).toEqual({
      requiredWalk: 1_100,
      intersected: true,
      boostWalk: 0,
      conditionWalk: 0,
      companionWords: 72_000,
    });
    expect(choosePlan(estimate, PLAN_WEIGHTS.sqlite).plan).toBe('full');
    expect(choosePlan(estimate, PLAN_WEIGHTS.postgres).plan).toBe('full');
    // A phrase of two commoner words, too: FTS5 scores only the passages holding both.
    expect(
      choosePlan(estimatePlans(query(clause('chien o', true, 'folded')), [], passagesOf), PLAN_WEIGHTS.sqlite).plan,
    ).toBe('full');
  });

  it('counts the boosts and the conditions; the companions are every word but the leading one', () => {
    const estimate = estimatePlans(query(clause('phật'), [clause('phật giáo', true)]), [clause('chùa')], passagesOf);
    expect(estimate).toEqual({
      requiredWalk: 8_400,
      intersected: false,
      boostWalk: 8_400,
      conditionWalk: 4_900,
      companionWords: 16_000 + 4_900,
    });
  });

  it('leaves one common word, and several, to the postings', () => {
    // Every passage of one word is a match the full ranking scores; the postings stop early.
    const oneWord = choosePlan(estimatePlans(query(clause('phật')), [], passagesOf), PLAN_WEIGHTS.sqlite);
    expect(oneWord.fullCost).toBeGreaterThan(oneWord.postingsCost);
    expect(oneWord.plan).toBe('postings');
    const common = estimatePlans(query(clause('của và là')), [], passagesOf);
    expect(common.requiredWalk).toBe(72_000);
    expect(choosePlan(common, PLAN_WEIGHTS.sqlite).plan).toBe('postings');
  });

  it('skips the boosts’ walk when SQLite scores the few required matches itself', () => {
    // "các daimyo là" broad: the reader's diacritics on two very common words as boosts.
    const broad = query(clause('cac daimyo la', false, 'folded'), [clause('các'), clause('là')]);
    const estimate = estimatePlans(broad, [], passagesOf);
    expect(estimate.requiredWalk).toBe(140);
    expect(estimate.boostWalk).toBe(135_000);
    expect(choosePlan(estimate, PLAN_WEIGHTS.sqlite).plan).toBe('full');
    // Past the required matches SQLite scores itself, FTS5 walks every boost.
    expect(choosePlan(estimate, { ...PLAN_WEIGHTS.sqlite, boostsSkippedUpTo: 100 }).plan).toBe('postings');
  });

  it('never takes the full ranking past the passages it ranks exactly, or past a given limit', () => {
    const estimate = {
      requiredWalk: 5_001,
      intersected: true,
      boostWalk: 0,
      conditionWalk: 0,
      companionWords: 10_000_000,
    };
    expect(choosePlan(estimate, PLAN_WEIGHTS.sqlite).plan).toBe('full');
    expect(choosePlan(estimate, PLAN_WEIGHTS.postgres).plan).toBe('postings');
    expect(choosePlan(estimate, PLAN_WEIGHTS.sqlite, 5_000).plan).toBe('postings');
  });

  it('walks nothing when a required word is in no passage (nothing matches)', () => {
    const estimate = estimatePlans(query(clause('xyzzy và')), [clause('của')], passagesOf);
    expect(estimate).toEqual({ requiredWalk: 0, intersected: true, boostWalk: 0, conditionWalk: 0, companionWords: 0 });
    expect(choosePlan(estimate, PLAN_WEIGHTS.sqlite).plan).toBe('full');
  });
});
