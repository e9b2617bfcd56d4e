import { SITE_NAME } from '#common/constants.ts';

/** A JSON-LD document (schema.org), made on the server by app/lib/structured-data.server.ts. */
export type JsonLd = { '@context': 'https://schema.org'; '@type': string } & Record<string, unknown>;

/**
 * What a content page tells crawlers and share previews about itself, every address absolute on
 * the site's configured origin: made by the loader (structured-data.server.ts), turned into tags
 * by headTags in the page's meta.
 */
export interface PageHead {
  /** The canonical address, also og:url. */
  url: string;
  title: string;
  description: string;
  image: string;
  /** og:type: website, book, article, video.other, music.song… */
  type: string;
  audio?: { url: string; type: string } | null;
  /** The Twitter card: `summary` unless the page's picture is the wide share image. */
  card?: 'summary' | 'summary_large_image';
  jsonLd?: JsonLd | null;
}

/** The canonical link, Open Graph, the Twitter card and the JSON-LD of a content page. */
export function headTags(head: PageHead) {
  return [
    { tagName: 'link', rel: 'canonical', href: head.url },
    { property: 'og:type', content: head.type },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: head.description },
    { property: 'og:url', content: head.url },
    { property: 'og:image', content: head.image },
    { property: 'og:locale', content: 'vi_VN' },
    { property: 'og:site_name', content: SITE_NAME },
    ...(head.audio
      ? [
          { property: 'og:audio', content: head.audio.url },
          { property: 'og:audio:type', content: head.audio.type },
        ]
      : []),
    { name: 'twitter:card', content: head.card ?? 'summary' },
    { name: 'twitter:title', content: head.title },
    { name: 'twitter:description', content: head.description },
    { name: 'twitter:image', content: head.image },
    // React Router writes it with `<` escaped as \u003c: no text can close the script element.
    ...(head.jsonLd ? [{ 'script:ld+json': head.jsonLd }] : []),
  ];
}
