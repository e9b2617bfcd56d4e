import { describe, expect, it } from 'vitest';
import { keywordLabel, searchUrlForKeyword, ZHomeKeywordSchema } from './keyword.schema.ts';

describe('home keyword links', () => {
  it('a single keyword searches strict, type all', () => {
    expect(searchUrlForKeyword({ keyword: 'Bát nhã' })).toBe('/search?query=B%C3%A1t+nh%C3%A3&mode=strict&type=all');
  });

  it('a keywords list adds its extra terms as AND conditions joined by |', () => {
    const url = new URL(searchUrlForKeyword({ keywords: ['Bát nhã', 'sắc', 'không'] }), 'http://x');
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'Bát nhã',
      mode: 'strict',
      type: 'all',
      conditionType: 'AND',
      conditions: 'sắc|không',
    });
  });

  it('labels lists with their terms', () => {
    expect(keywordLabel({ keywords: ['Phật', 'từ bi'] })).toBe('Phật + từ bi');
    expect(keywordLabel({ keyword: 'Niết bàn' })).toBe('Niết bàn');
  });

  it('accepts only the two shapes', () => {
    expect(ZHomeKeywordSchema.safeParse({ keyword: 'x' }).success).toBe(true);
    expect(ZHomeKeywordSchema.safeParse({ keywords: ['a', 'b'] }).success).toBe(true);
    expect(ZHomeKeywordSchema.safeParse({ keywords: ['a'] }).success).toBe(false);
    expect(ZHomeKeywordSchema.safeParse({ keyword: '' }).success).toBe(false);
    expect(ZHomeKeywordSchema.safeParse({ keyword: 'a', keywords: ['a', 'b'] }).success).toBe(false);
  });
});
