import { positiveIdOf } from '#app/lib/params.ts';
import { data } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { collectionPath, talkPath } from '#common/paths.ts';
import type { Route } from './+types/podcast-feed';

/** Text safe inside XML elements and attributes. */
function xml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );
}

/**
 * A podcast feed of a collection (RSS 2.0 with the iTunes tags podcast apps read): each talk with
 * its audio as an enclosure (length and type), its duration, and the site's square artwork.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = positiveIdOf(params.id);
  const found = id ? await context.services.audio.findCollection(id) : null;
  if (!found) throw data('Not Found', { status: 404 });
  const origin = context.services.site.originFor(request.url);
  const { collection, talks } = found;
  const link = `${origin}${collectionPath(collection.id)}`;
  const artwork = `${origin}${collection.coverImage ?? '/podcast-artwork.png'}`;
  const author = collection.speaker ?? SITE_NAME;
  const items = talks
    .map((talk) => {
      const published = new Date(`${talk.recordedOn ?? '2026-01-01'}T00:00:00Z`).toUTCString();
      return [
        '    <item>',
        `      <title>${xml(talk.title)}</title>`,
        `      <description>${xml(talk.description ?? talk.title)}</description>`,
        `      <link>${xml(`${origin}${talkPath(collection.id, talk.id)}`)}</link>`,
        `      <guid isPermaLink="false">phap-bao-talk-${talk.id}</guid>`,
        `      <pubDate>${published}</pubDate>`,
        `      <enclosure url="${xml(`${origin}${talk.url}`)}" length="${talk.sizeBytes}" type="${xml(talk.mimeType)}"/>`,
        `      <itunes:duration>${talk.duration}</itunes:duration>`,
        `      <itunes:author>${xml(talk.speaker ?? author)}</itunes:author>`,
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(collection.title)}</title>
    <link>${xml(link)}</link>
    <description>${xml(collection.description ?? collection.title)}</description>
    <language>vi</language>
    <atom:link href="${xml(`${link}/rss`)}" rel="self" type="application/rss+xml"/>
    <itunes:author>${xml(author)}</itunes:author>
    <itunes:image href="${xml(artwork)}"/>
    <itunes:category text="Religion &amp; Spirituality"><itunes:category text="Buddhism"/></itunes:category>
    <itunes:explicit>false</itunes:explicit>
    <image><url>${xml(artwork)}</url><title>${xml(collection.title)}</title><link>${xml(link)}</link></image>
${items}
  </channel>
</rss>
`;
  return new Response(body, {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
}
