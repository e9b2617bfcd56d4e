import { describe, expect, it } from 'vitest';
import { tokenize } from '#common/text/search-tokens.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { planQuery } from '#server/services/search.service.ts';
import { makeSearchText, seededRandom } from '#tests/factories/search-library.ts';
import {
  compileQuery,
  passageWords,
  phrasePositions,
  phrasePositionsOf,
  scorePassage,
  type PassagePositions,
} from './bm25.ts';
import { tsvectorLiteral, tsvectorPositions } from './postgres-search-index.ts';

/**
 * PostgreSQL scores BM25 from the positions of the query's words kept in its tsvectors (decision
 * 0037) instead of tokenising each passage: the same scores as from the words themselves.
 */

const QUERIES = [
  ['và', 'strict'],
  ['và và', 'strict'],
  ['của và là', 'broad'],
  ['phật pháp', 'strict'],
  ['phat phap', 'broad'],
  ['pháp phật và', 'broad'],
  ['hoà', 'broad'],
  ['đạo bồ tát', 'broad'],
  ['bo tat', 'strict'],
  ["it's", 'strict'],
] as const;

/** What PostgreSQL returns for a passage: the tsvectors' positions and the passage's length. */
function fromTsvectors(body: string): PassagePositions {
  const tokens = tokenize(normalizeText(body));
  return {
    words: tokens.length,
    exact: tsvectorPositions(tsvectorLiteral(tokens, 'exact')),
    folded: tsvectorPositions(tsvectorLiteral(tokens, 'folded')),
  };
}

describe('BM25 from word positions', () => {
  it('finds the same phrase starts as the words (shifted by the tsvector’s 1-based positions)', () => {
    const words = passageWords('và của và và là của và và và');
    const positions = fromTsvectors('và của và và là của và và và');
    for (const phrase of [['và'], ['và', 'và'], ['và', 'và', 'và'], ['của', 'và'], ['là', 'của', 'và'], ['phật']])
      expect(phrasePositionsOf(positions.exact, phrase)).toEqual(
        phrasePositions(words.exact, phrase).map((p) => p + 1),
      );
  });

  it('scores every generated passage as the words do, for strict, broad and NEAR queries', () => {
    const next = seededRandom(37);
    const stats = { passages: 1000, tokens: 24_000 };
    let scored = 0;
    for (let i = 0; i < 400; i++) {
      const length = 1 + Math.floor(next() * 40);
      const body = makeSearchText(next, length);
      const words = passageWords(body);
      const positions = fromTsvectors(body);
      expect(positions.words).toBe(words.exact.length);
      for (const [text, mode] of QUERIES) {
        const compiled = compileQuery(planQuery(text, mode)!);
        const withIdf = { ...stats, idf: compiled.phrases.map((_, k) => 0.5 + k) };
        const expected = scorePassage(compiled, words, withIdf);
        const got = scorePassage(compiled, positions, withIdf);
        expect(got, `${text} (${mode}) in "${body}"`).toBe(expected);
        if (expected !== null) scored++;
      }
    }
    expect(scored).toBeGreaterThan(500);
  });
});
