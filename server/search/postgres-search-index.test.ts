import { describe, expect, it } from 'vitest';
import { tokenize } from '#common/text/search-tokens.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { MAX_LEXEME_BYTES, tsvectorLiteral, tsvectorPositions } from './postgres-search-index.ts';

describe('tsvectorLiteral', () => {
  it('keeps positions and leaves out words whose folded form is empty (a lone combining mark)', () => {
    const tokens = tokenize(normalizeText('a \u0303 bà a'));
    expect(tokens.map((t) => t.folded)).toEqual(['a', '', 'ba', 'a']);
    expect(tsvectorLiteral(tokens, 'folded')).toBe("'a':1,4 'ba':3");
    expect(tsvectorLiteral(tokens, 'exact')).toBe("'a':1,4 '\u0303':2 'bà':3");
  });

  it('leaves out a word longer than PostgreSQL takes, and keeps one at the limit', () => {
    const atLimit = 'x'.repeat(MAX_LEXEME_BYTES);
    const tokens = tokenize(normalizeText(`phật ${'x'.repeat(3000)} ${atLimit}`));
    expect(tsvectorLiteral(tokens, 'folded')).toBe(`'phat':1 '${atLimit}':3`);
  });
});

describe('tsvectorPositions', () => {
  it('reads back the positions tsvectorLiteral wrote, quotes, backslashes and weights included', () => {
    expect(tsvectorPositions("'a':1,4 'bà':3")).toEqual(
      new Map([
        ['a', [1, 4]],
        ['bà', [3]],
      ]),
    );
    // PostgreSQL's output: quotes doubled, backslashes escaped, weights after the positions.
    expect(tsvectorPositions("'it''s':2A,7A 'a\\\\b':5A 'x'")).toEqual(
      new Map([
        ["it's", [2, 7]],
        ['a\\b', [5]],
        ['x', []],
      ]),
    );
    expect(tsvectorPositions('')).toEqual(new Map());
  });
});
