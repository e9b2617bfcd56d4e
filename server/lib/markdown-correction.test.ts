import { describe, expect, it } from 'vitest';
import { correctMarkdownParagraph, escapeMarkdown } from './markdown-correction.ts';
import { renderMarkdownHtml } from './markdown-html.ts';

const CHAPTER = [
  '# Phẩm Tựa',
  '',
  'Đức *Phat* dạy **tâm** là [gốc](https://example.org/goc).',
  'Dòng thứ hai.',
  '',
  '> Lời trích dẫn.',
  '',
  '- một',
  '- hai',
  '',
  '| cột | cột |',
  '| --- | --- |',
  '| ô | ô |',
  '',
  '```',
  'mã',
  '```',
  '',
  '<p>HTML viết tay.</p>',
  '',
  'Đoạn cuối có `mã` và \\* sao, &amp; dấu.',
  '',
].join('\n');

describe('correctMarkdownParagraph: the accepted text onto the Markdown paragraph that made p-N', () => {
  it('changes only the words of that paragraph, its emphasis, strong text and link kept', () => {
    const changed = correctMarkdownParagraph(CHAPTER, 'p-1', 'Đức Phật dạy tâm là cội gốc. Dòng thứ hai.');
    expect(changed).not.toBeNull();
    expect(changed!.markdown).toBe(
      CHAPTER.replace('Đức *Phat* dạy **tâm** là [gốc]', 'Đức *Phật* dạy **tâm** là cội [gốc]'),
    );
    expect(changed!.html).toBe(renderMarkdownHtml(changed!.markdown));
    expect(changed!.html).toContain('<p id="p-1">Đức <em>Phật</em> dạy <strong>tâm</strong> là cội <a href=');
  });

  it('finds the paragraph after headings, quotations, lists, tables, code and raw HTML', () => {
    const changed = correctMarkdownParagraph(CHAPTER, 'p-4', 'Đoạn cuối có mã và * sao, & dấu nữa.');
    expect(changed?.markdown).toBe(CHAPTER.replace('&amp; dấu.', '&amp; dấu nữa.'));
    expect(changed?.html).toContain('<p id="p-4">Đoạn cuối có <code>mã</code> và * sao, &amp; dấu nữa.</p>');
  });

  it('writes new marks as text, not as formatting', () => {
    const changed = correctMarkdownParagraph(CHAPTER, 'p-4', 'Đoạn cuối có mã và * sao, & dấu *thêm* [x].');
    expect(changed?.markdown).toContain('&amp; dấu \\*thêm\\* \\[x\\].');
    expect(changed?.html).toContain('dấu *thêm* [x].</p>');
    expect(escapeMarkdown('a_b <c> `d`')).toBe('a\\_b \\<c\\> \\`d\\`');
  });

  it('takes out an emphasised word with its marks', () => {
    const changed = correctMarkdownParagraph(CHAPTER, 'p-1', 'Đức dạy tâm là gốc. Dòng thứ hai.');
    expect(changed?.markdown).toContain('Đức dạy **tâm**');
  });

  it('a change across formatted runs is plain text between them; words put in beside a run stay outside it', () => {
    expect(correctMarkdownParagraph('Đọc [Kinh Pháp](/a)**Hoa** nhé', 'p-1', 'Đọc Kinh Phép Hòa nhé')?.markdown).toBe(
      'Đọc [Kinh Ph](/a)ép Hò**a** nhé',
    );
    expect(correctMarkdownParagraph('Đọc *Kinh* **Pháp Hoa** nhé', 'p-1', 'Đọc Kinh-Pháp Hoa nhé')?.markdown).toBe(
      'Đọc *Kinh*-**Pháp Hoa** nhé',
    );
    expect(correctMarkdownParagraph('*Nam mô* A Di Đà', 'p-1', 'Ôi Nam mô A Di Đà Phật')?.markdown).toBe(
      'Ôi *Nam mô* A Di Đà Phật',
    );
  });

  it('refuses a paragraph in a quotation or in hand-written HTML, and one that is not there', () => {
    expect(correctMarkdownParagraph(CHAPTER, 'p-2', 'Lời trích dẫn đã sửa.')).toBeNull();
    expect(correctMarkdownParagraph(CHAPTER, 'p-3', 'HTML viết tay đã sửa.')).toBeNull();
    expect(correctMarkdownParagraph(CHAPTER, 'p-9', 'Không có.')).toBeNull();
  });

  it('refuses a change that would make the text another block', () => {
    expect(correctMarkdownParagraph('Một\nhai', 'p-1', 'Một # hai')).toBeNull();
    expect(correctMarkdownParagraph('Một hai', 'p-1', '# Một hai')).toBeNull();
  });

  it('reads decomposed (NFD) input and Windows line ends, and writes NFC', () => {
    const changed = correctMarkdownParagraph(
      'Đức *Phật* dạy\r\nrằng\r\n',
      'p-1',
      'Đức Phật đã dạy rằng'.normalize('NFD'),
    );
    expect(changed?.markdown).toBe('Đức *Phật* đã dạy\nrằng\n');
  });
});
