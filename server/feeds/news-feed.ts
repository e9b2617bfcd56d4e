import { SITE_NAME } from '#common/constants.ts';
import type { ArticleCard } from '#common/contracts/article.schema.ts';
import { articlePath, NEWS_FEED_PATH, newsPath } from '#common/paths.ts';
import { xmlText as xml } from './xml.ts';

/** The news as RSS 2.0: the newest articles, absolute links on the site's origin, dates in RFC 822. */
export function renderNewsFeed(items: readonly ArticleCard[], origin: string): string {
  const link = `${origin}${newsPath()}`;
  const entries = items
    .map((article) => {
      const url = `${origin}${articlePath(article.slug)}`;
      return [
        '    <item>',
        `      <title>${xml(article.title)}</title>`,
        `      <link>${xml(url)}</link>`,
        `      <guid isPermaLink="true">${xml(url)}</guid>`,
        `      <pubDate>${new Date(article.publishedAt).toUTCString()}</pubDate>`,
        ...(article.summary ? [`      <description>${xml(article.summary)}</description>`] : []),
        ...(article.category ? [`      <category>${xml(article.category.name)}</category>`] : []),
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  const newest = items[0]?.publishedAt;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`Tin tức — ${SITE_NAME}`)}</title>
    <link>${xml(link)}</link>
    <description>${xml(`Tin tức và bài viết mới của ${SITE_NAME}, thư viện Phật giáo tiếng Việt.`)}</description>
    <language>vi</language>
    <atom:link href="${xml(`${origin}${NEWS_FEED_PATH}`)}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>\n` : ''}${entries}
  </channel>
</rss>
`;
}
