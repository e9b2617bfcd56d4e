import { describe, expect, it } from 'vitest';
import { paragraphsToHtml } from '#server/lib/html.ts';
import { readingMinutesOf } from './article.presenter.ts';

describe('readingMinutesOf', () => {
  it('counts the words of the text blocks at 220 a minute, rounding up, at least one', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'pháp').join(' ');
    expect(readingMinutesOf('')).toBe(1);
    expect(readingMinutesOf(paragraphsToHtml([words(220)]))).toBe(1);
    expect(readingMinutesOf(paragraphsToHtml([words(200), words(21)]))).toBe(2);
    expect(readingMinutesOf(`<h2>${words(10)}</h2>${paragraphsToHtml([words(650)])}`)).toBe(3);
  });
});
