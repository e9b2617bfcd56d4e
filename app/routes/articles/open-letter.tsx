import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import type { RouteHandle } from '#app/components/layout/app-shell.tsx';
import { LotusIcon } from '#app/components/ui/icons.tsx';
import { OPEN_LETTER } from '#app/content/open-letter.ts';
import '#app/styles/news.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

export function meta() {
  return [
    { title: `Thư ngỏ — ${SITE_NAME}` },
    { name: 'description', content: OPEN_LETTER.paragraphs[0]! },
    { property: 'og:title', content: OPEN_LETTER.title },
    { property: 'og:type', content: 'article' },
  ];
}

/** The open letter has its own header style. */
export const handle: RouteHandle = { headerVariant: 'letter' };

/** The founders' letter to readers, set like a letter on letterhead. */
// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function OpenLetterPage() {
  return (
    <div className="letter-page">
      <header className="letter-hero">
        <div className="letter-hero-inner page-narrow">
          <span className="letter-seal" aria-hidden="true">
            <LotusIcon size={34} />
          </span>
          <p className="letter-from">{SITE_NAME} · Thư viện Phật giáo tiếng Việt</p>
          <h1 id="letter-title">{OPEN_LETTER.title}</h1>
        </div>
      </header>
      <article className="letter-sheet page-narrow" aria-labelledby="letter-title">
        <p className="letter-salutation">{OPEN_LETTER.salutation}</p>
        {OPEN_LETTER.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p className="letter-closing">{OPEN_LETTER.closing}</p>
        <p className="letter-signature">{OPEN_LETTER.signature}</p>
      </article>
      <p className="letter-actions page-narrow">
        <Link to="/bai-viet/huong-dan" className="button button-primary">
          Đọc hướng dẫn sử dụng
        </Link>
        <Link to="/" className="button button-ghost">
          Về trang chủ
        </Link>
      </p>
    </div>
  );
}
