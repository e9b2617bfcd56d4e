import { SITE_NAME } from '#common/constants.ts';
import type { AudioCollectionDetail } from '#common/contracts/audio.schema.ts';
import { collectionPath, talkPath } from '#common/paths.ts';
import { podcastGuidOf } from './uuid-v5.ts';
import { xmlText as xml } from './xml.ts';

/** The address of a collection's podcast feed. */
export function podcastFeedPath(collectionId: number): string {
  return `${collectionPath(collectionId)}/rss`;
}

/** The address of a talk's JSON chapters file (Podcast Namespace `podcast:chapters`). */
export function talkChaptersPath(collectionId: number, talkId: number): string {
  return `${collectionPath(collectionId)}/${talkId}/chapters.json`;
}

/**
 * A collection as a podcast feed: RSS 2.0 with the iTunes tags podcast apps read and the Podcast
 * Namespace's (guid, locked, a transcript per episode). Every address is absolute on `origin`.
 * `owner.email` is the configured contact address; without one the owner has a name only.
 */
export function renderPodcastFeed(
  { collection, talks }: AudioCollectionDetail,
  origin: string,
  owner: { name: string; email: string | null },
): string {
  const link = `${origin}${collectionPath(collection.id)}`;
  const self = `${origin}${podcastFeedPath(collection.id)}`;
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
        `      <itunes:episodeType>full</itunes:episodeType>`,
        ...(talk.transcriptUrl
          ? [
              `      <podcast:transcript url="${xml(`${origin}${talk.transcriptUrl}`)}" type="text/vtt" language="vi" rel="captions"/>`,
              `      <podcast:chapters url="${xml(`${origin}${talkChaptersPath(collection.id, talk.id)}`)}" type="application/json+chapters"/>`,
            ]
          : []),
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  const ownerXml = [
    '    <itunes:owner>',
    `      <itunes:name>${xml(owner.name)}</itunes:name>`,
    ...(owner.email ? [`      <itunes:email>${xml(owner.email)}</itunes:email>`] : []),
    '    </itunes:owner>',
  ].join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(collection.title)}</title>
    <link>${xml(link)}</link>
    <description>${xml(collection.description ?? collection.title)}</description>
    <language>vi</language>
    <atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>
    <podcast:guid>${podcastGuidOf(self)}</podcast:guid>
    <podcast:locked${owner.email ? ` owner="${xml(owner.email)}"` : ''}>no</podcast:locked>
    <itunes:type>episodic</itunes:type>
    <itunes:author>${xml(author)}</itunes:author>
${ownerXml}
    <itunes:image href="${xml(artwork)}"/>
    <itunes:category text="Religion &amp; Spirituality"><itunes:category text="Buddhism"/></itunes:category>
    <itunes:explicit>false</itunes:explicit>
    <image><url>${xml(artwork)}</url><title>${xml(collection.title)}</title><link>${xml(link)}</link></image>
${items}
  </channel>
</rss>
`;
}
