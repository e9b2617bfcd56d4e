import { describe, expect, it } from 'vitest';
import { correctParagraphHtml, htmlPieces, htmlText } from './html-correction.ts';
import { textEdits } from './text-onto-markup.ts';

describe('textEdits: what changed in the text, narrowed to the characters that differ', () => {
  it('one letter of a word, a word put in, a word taken out', () => {
    expect(textEdits('Đức Phat dạy', 'Đức Phật dạy')).toEqual([{ start: 6, end: 7, insert: 'ậ' }]);
    expect(textEdits('tâm là gốc', 'tâm là cội gốc')).toEqual([{ start: 7, end: 7, insert: 'cội ' }]);
    expect(textEdits('Đức Phật rất dạy', 'Đức Phật dạy')).toEqual([{ start: 9, end: 13, insert: '' }]);
  });

  it('nothing when the texts are the same; a whole new text replaces all', () => {
    expect(textEdits('Như thị ngã văn', 'Như thị ngã văn')).toEqual([]);
    expect(textEdits('một', 'hai')).toEqual([{ start: 0, end: 3, insert: 'hai' }]);
  });
});

describe('correctParagraphHtml: the accepted text onto the paragraph’s HTML, its formatting kept', () => {
  it('a change inside one text node leaves the elements around it', () => {
    expect(
      correctParagraphHtml('Đức <em>Phật</em> dạy <strong>tâm</strong> là gốc.', 'Đức Phật dạy tâm là cội gốc.'),
    ).toBe('Đức <em>Phật</em> dạy <strong>tâm</strong> là cội gốc.');
    expect(correctParagraphHtml('Đức <em>Phat</em> dạy', 'Đức Phật dạy')).toBe('Đức <em>Phật</em> dạy');
  });

  it('keeps links, footnote marks, ruby and entities it does not touch', () => {
    expect(correctParagraphHtml('Kinh <a href="/x">Pháp Hoa</a> nói', 'Kinh Pháp Hoa đã nói')).toBe(
      'Kinh <a href="/x">Pháp Hoa</a> đã nói',
    );
    expect(correctParagraphHtml('Lời<sup><a href="#fn1">1</a></sup> dạy &amp; nghe', 'Lời1 dạy & nghe kỹ')).toBe(
      'Lời<sup><a href="#fn1">1</a></sup> dạy &amp; nghe kỹ',
    );
    expect(correctParagraphHtml('<ruby>法<rt>pháp</rt></ruby> là gốc', '法pháp là cội gốc')).toBe(
      '<ruby>法<rt>pháp</rt></ruby> là cội gốc',
    );
  });

  it('words put in at either edge of a formatted run go outside it', () => {
    expect(correctParagraphHtml('Đọc <em>Kinh</em> này', 'Đọc kỹ Kinh này')).toBe('Đọc kỹ <em>Kinh</em> này');
    expect(correctParagraphHtml('Đọc <em>Kinh</em> này', 'Đọc Kinh Pháp này')).toBe('Đọc <em>Kinh</em> Pháp này');
    expect(correctParagraphHtml('<em>Phật</em>dạy', 'Phật dạy')).toBe('<em>Phật</em> dạy');
    expect(correctParagraphHtml('<strong>Nam mô</strong>', 'Ôi Nam mô A Di Đà')).toBe(
      'Ôi <strong>Nam mô</strong> A Di Đà',
    );
  });

  it('a formatted run whose words are all taken out goes with its tags', () => {
    expect(correctParagraphHtml('Đức Phật <em>rất</em> dạy', 'Đức Phật dạy')).toBe('Đức Phật dạy');
    expect(correctParagraphHtml('Đức Phật <strong><em>rất</em></strong> dạy', 'Đức Phật dạy')).toBe('Đức Phật dạy');
  });

  it('a change across elements is written as plain text only where it changed', () => {
    expect(correctParagraphHtml('Nhĩ a<em>b</em>c <strong>thời</strong>', 'Nhĩ xyz thời')).toBe(
      'Nhĩ xyz <strong>thời</strong>',
    );
    expect(correctParagraphHtml('<em>Như thị</em> <strong>ngã văn</strong> xong', 'Như thế ta nghe xong')).toBe(
      '<em>Như thế</em> <strong>ta nghe</strong> xong',
    );
    expect(correctParagraphHtml('Kinh <em>Pháp</em><strong>Hoa</strong> dạy', 'Kinh Phép Hòa dạy')).toBe(
      'Kinh <em>Ph</em>ép Hò<strong>a</strong> dạy',
    );
    expect(correctParagraphHtml('<i>ab<b>cd</b></i>ef', 'aXf')).toBe('<i>a</i>Xf');
    // A change inside one run stays in it: the run that holds all of it is not closed.
    expect(correctParagraphHtml('<em>Như <b>thị</b> ngã</em> văn', 'Như thế văn')).toBe('<em>Như <b>th</b>ế</em> văn');
    expect(correctParagraphHtml('<em>Như <b>thị</b> ngã</em> văn', 'Như thế ta văn')).toBe(
      '<em>Như <b>thế</b> ta</em> văn',
    );
  });

  it('decomposed (NFD) Vietnamese is compared and written in NFC', () => {
    const nfd = 'Đức Phật dạy'.normalize('NFD');
    expect(correctParagraphHtml(`<em>${nfd}</em> rằng`, 'Đức Phật dạy rằng'.normalize('NFD'))).toBe(
      '<em>Đức Phật dạy</em> rằng',
    );
    expect(correctParagraphHtml('Đức Phật <em>dạy</em>', 'Đức Phật đã dạy'.normalize('NFD'))).toBe(
      'Đức Phật đã <em>dạy</em>',
    );
  });

  it('spaces and line breaks of the source are kept where the text did not change', () => {
    expect(correctParagraphHtml('\n  Như thị\n  ngã văn<br>Nhất thời\n', 'Như thị ngã vănNhất thời Phật')).toBe(
      '\n  Như thị\n  ngã văn<br>Nhất thời Phật\n',
    );
  });

  it('refuses HTML whose tags do not close in order, and escapes what it writes', () => {
    expect(correctParagraphHtml('Đức <em>Phật</strong> dạy', 'Đức Phật đã dạy')).toBeNull();
    expect(htmlPieces('<em>một')).toBeNull();
    expect(correctParagraphHtml('Đức Phật dạy', 'Đức Phật dạy <b>x</b> & y')).toBe(
      'Đức Phật dạy &lt;b&gt;x&lt;/b&gt; &amp; y',
    );
  });

  it('htmlText is what a reader sees of the HTML', () => {
    expect(htmlText('Đức <em>Phật</em>, <!-- ghi chú -->dạy&nbsp;rằng<br>\n x')).toBe('Đức Phật, dạy rằng x');
  });
});
