import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { GUIDE } from '#app/content/guide.ts';
import '#app/styles/news.css';
import { cacheablePageHeaders } from '#app/lib/page-cache-headers.ts';

export function meta() {
  return [
    { title: `Hướng dẫn sử dụng — ${SITE_NAME}` },
    { name: 'description', content: GUIDE.lead },
    { property: 'og:title', content: GUIDE.title },
    { property: 'og:type', content: 'article' },
  ];
}

/** How to use the library: search, reading, highlights and notes, talks, playlists, history, accounts. */
// The same for every anonymous reader: shared caches may keep it (app/lib/page-cache-headers.ts).
export const headers = cacheablePageHeaders;

export default function GuidePage() {
  return (
    <article className="guide-page page-narrow" aria-labelledby="guide-title">
      <header className="guide-header">
        <p className="eyebrow">Giới thiệu</p>
        <h1 id="guide-title">{GUIDE.title}</h1>
        <p className="guide-lead">{GUIDE.lead}</p>
      </header>
      <nav className="guide-toc" aria-label="Mục lục">
        <h2>Mục lục</h2>
        <ol>
          {GUIDE.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {GUIDE.sections.map((section) => (
        <section key={section.id} id={section.id} className="guide-section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {'steps' in section && section.steps ? (
            <ol className="guide-steps">
              {section.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          ) : null}
          {section.links ? (
            <p className="guide-links">
              {section.links.map((link) => (
                <Link key={link.to} to={link.to} className="chip">
                  {link.label}
                </Link>
              ))}
            </p>
          ) : null}
        </section>
      ))}
    </article>
  );
}
