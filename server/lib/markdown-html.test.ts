import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from './markdown-html.ts';

describe('renderMarkdownHtml', () => {
  it('renders Markdown to numbered, NFC paragraphs with the allowed tags', () => {
    const html = renderMarkdownHtml('# Tựa\n\nĐoạn **một**.\n\n> Trích *dẫn*.\n\n- ý\n- hai'.normalize('NFD'));
    expect(html).toBe(
      [
        '<h2>Tựa</h2>',
        '<p id="p-1">Đoạn <strong>một</strong>.</p>',
        '<blockquote>',
        '<p id="p-2">Trích <em>dẫn</em>.</p>',
        '</blockquote>',
        '<ul>',
        '<li>ý</li>',
        '<li>hai</li>',
        '</ul>',
      ].join('\n'),
    );
  });

  it('removes scripts, event handlers, javascript: links and foreign images', () => {
    const html = renderMarkdownHtml(
      'A <script>alert(1)</script><b onclick="x()">b</b> [c](javascript:alert(2))\n\n<img src="https://evil.example/t.png" onerror="y()">',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|evil\.example/);
    expect(html).toContain('<b>b</b>');
  });
});
