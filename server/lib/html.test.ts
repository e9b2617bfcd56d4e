import { describe, expect, it } from 'vitest';
import { htmlBlocks, paragraphsToHtml, unescapeHtml } from './html.ts';

describe('htmlBlocks', () => {
  it('reads paragraphs, headings and list items in order, with their ids and decoded text', () => {
    const html = `${paragraphsToHtml(['Như thị ngã văn', 'A & B <c>'])}\n<h2>Mục <em>hai</em></h2><ul><li>một</li></ul><p></p>`;
    expect(htmlBlocks(html)).toEqual([
      { id: 'p-1', text: 'Như thị ngã văn' },
      { id: 'p-2', text: 'A & B <c>' },
      { id: null, text: 'Mục hai' },
      { id: null, text: 'một' },
    ]);
  });

  it('decodes numeric entities and leaves unknown ones alone', () => {
    expect(unescapeHtml('&#7853;&#x1EAD; &unknown; &#0;')).toBe('ậậ &unknown; &#0;');
  });
});
