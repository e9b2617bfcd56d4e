import { describe, expect, it } from 'vitest';
import { htmlBlocks } from './html.ts';
import { isAllowedImageSource, sanitizeArticleHtml } from './sanitize-html.ts';

describe('sanitizeArticleHtml', () => {
  it('drops scripts, styles, frames and forms with their content', () => {
    const out = sanitizeArticleHtml(
      '<p>Nam mô</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x.test"></iframe>' +
        '<form action="/x"><input name="a"><button>Gửi</button></form><svg><script>alert(2)</script></svg>',
    );
    expect(out).toBe('<p id="p-1">Nam mô</p>');
  });

  it('keeps ruby, MathML of the allow-list, language runs and the fallback text of objects and drawings', () => {
    const out = sanitizeArticleHtml(
      '<p><ruby>山路<rp>(</rp><rt>やまみち</rt><rp>)</rp></ruby> <span lang="ar" dir="rtl" class="x">مرحبا</span></p>' +
        '<math display="block" onclick="x()"><mfrac><mi href="javascript:alert(1)">a</mi><mn>2</mn></mfrac>' +
        '<maction actiontype="statusline"><mi>b</mi></maction><annotation-xml encoding="text/html"><img src=x onerror=alert(1)>bad</annotation-xml></math>' +
        '<object data="x.swf"><param name="a" value="b"><p>Lời thay cho hình động.</p></object>',
    );
    expect(out).toBe(
      '<p id="p-1"><ruby>山路<rp>(</rp><rt>やまみち</rt><rp>)</rp></ruby> <span lang="ar" dir="rtl">مرحبا</span></p>' +
        '<math display="block"><mfrac><mi>a</mi><mn>2</mn></mfrac><mi>b</mi></math>' +
        '<p id="p-2">Lời thay cho hình động.</p>',
    );
  });

  it('removes event handlers, style attributes and javascript:/data: links', () => {
    const out = sanitizeArticleHtml(
      '<p onclick="steal()" style="position:fixed" class="x">A <a href="javascript:alert(1)" onmouseover="x()">một</a> ' +
        '<a href="JaVaScRiPt:alert(2)">hai</a> <a href="java&#x09;script:alert(3)">ba</a> ' +
        '<a href="data:text/html;base64,PHNjcmlwdD4=">bốn</a> <a href="//evil.test/x">năm</a></p>',
    );
    expect(out).not.toMatch(/onclick|onmouseover|style=|class=|javascript|data:|evil/i);
    expect(out).toContain('một');
    expect(out).toContain('năm');
  });

  it('keeps safe links, marking the external ones', () => {
    const out = sanitizeArticleHtml(
      '<p><a href="https://vi.wikipedia.org/wiki/Ph%E1%BA%ADt">Phật</a> <a href="/sach/kinh-kim-cang">Kinh</a> <a href="mailto:a@b.vn">thư</a></p>',
    );
    expect(out).toContain('<a href="https://vi.wikipedia.org/wiki/Ph%E1%BA%ADt" rel="nofollow noopener noreferrer">');
    expect(out).toContain('<a href="/sach/kinh-kim-cang">');
    expect(out).toContain('<a href="mailto:a@b.vn">');
  });

  it('keeps images from our media and the allow-listed hosts only', () => {
    const out = sanitizeArticleHtml(
      '<figure><img src="/media/chua.jpg" alt="Chùa" onerror="x()"><figcaption>Chùa</figcaption></figure>' +
        '<img src="https://upload.wikimedia.org/a.jpg" alt="A">' +
        '<img src="http://upload.wikimedia.org/b.jpg" alt="http">' +
        '<img src="https://tracker.test/pixel.gif" alt="pixel">' +
        '<img src="data:image/png;base64,AAAA" alt="data">' +
        '<img src="/media/../secret" alt="up">',
    );
    expect(out).toContain('<img src="/media/chua.jpg" alt="Chùa" loading="lazy" />');
    expect(out).toContain('<img src="https://upload.wikimedia.org/a.jpg" alt="A" loading="lazy" />');
    expect(out).not.toMatch(/http:|tracker|data:|secret|onerror/);
    expect(isAllowedImageSource('https://upload.wikimedia.org.evil.test/x.jpg')).toBe(false);
  });

  it('numbers paragraphs p-1, p-2, … in order (replacing ids from the source) so search can link to them', () => {
    const out = sanitizeArticleHtml('<h1>Đầu</h1><p id="main">Một</p><h2>Hai</h2><p>Ba</p>');
    expect(out).toBe('<h2>Đầu</h2><p id="p-1">Một</p><h2>Hai</h2><p id="p-2">Ba</p>');
    expect(htmlBlocks(out).filter((b) => b.id)).toEqual([
      { id: 'p-1', text: 'Một' },
      { id: 'p-2', text: 'Ba' },
    ]);
  });

  it('is idempotent and NFC-normalises the text', () => {
    const decomposed = 'Phật'.normalize('NFD');
    const once = sanitizeArticleHtml(`<p>${decomposed} &amp; <em>Pháp</em></p><ul><li>Tăng</li></ul>`);
    expect(once).toBe('<p id="p-1">Phật &amp; <em>Pháp</em></p><ul><li>Tăng</li></ul>');
    expect(sanitizeArticleHtml(once)).toBe(once);
  });
});
