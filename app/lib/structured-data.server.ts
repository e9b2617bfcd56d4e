import { SITE_NAME } from '#common/constants.ts';
import type { ArticleDetail } from '#common/contracts/article.schema.ts';
import type { AudioCollection, Talk } from '#common/contracts/audio.schema.ts';
import type { ChapterView } from '#common/contracts/book.schema.ts';
import type { BookDetail } from '#common/contracts/library.schema.ts';
import type { Video } from '#common/contracts/video.schema.ts';
import { articlePath, bookPath, chapterPath, collectionPath, talkPath, videoPath } from '#common/paths.ts';
import { chapterLabel } from '#app/components/reader/chapter-label.ts';
import type { JsonLd, PageHead } from './page-head.ts';

/**
 * The one place where pages' structured data (schema.org JSON-LD) and share previews are made.
 * Server-only (`.server`): loaders call it, so none of it reaches the browser bundle. `origin` is
 * the configured public origin (services.site.originFor), never the request's Host header.
 */

const DEFAULT_IMAGE = '/og-image.png';
const LANGUAGE = 'vi';

/** An absolute address on `origin` (addresses already absolute are kept). */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

/** Seconds as an ISO 8601 duration: 3725 → PT1H2M5S (schema.org's Duration). */
export function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds || (!hours && !minutes) ? `${seconds}S` : ''}`;
}

function excerpt(text: string, max = 180): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function publisherOf(origin: string) {
  return { '@type': 'Organization', name: SITE_NAME, url: `${origin}/` };
}

/** A transcript's words as one text (schema.org `transcript` is Text). */
export function transcriptText(cues: readonly { text: string }[]): string | null {
  const text = cues
    .map((c) => c.text.trim())
    .filter(Boolean)
    .join(' ');
  return text || null;
}

export function bookHead(book: BookDetail, origin: string): PageHead {
  const url = absoluteUrl(origin, bookPath(book.code));
  const image = absoluteUrl(origin, book.coverImage ?? DEFAULT_IMAGE);
  const description = excerpt(book.description ?? `${book.title} — ${book.chapterCount} chương, đọc tại ${SITE_NAME}.`);
  const jsonLd: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Book',
    '@id': url,
    name: book.title,
    ...(book.titleOriginal ? { alternateName: book.titleOriginal } : {}),
    url,
    description,
    image,
    inLanguage: book.language ?? LANGUAGE,
    ...(book.author ? { author: { '@type': 'Person', name: book.author } } : {}),
    ...(book.translator ? { translator: { '@type': 'Person', name: book.translator } } : {}),
    ...(book.category ? { genre: book.category } : {}),
    license: book.license.url,
    ...(book.license.sourceUrl ? { isBasedOn: book.license.sourceUrl } : {}),
    ...(book.license.attribution ? { creditText: book.license.attribution } : {}),
    publisher: publisherOf(origin),
    hasPart: book.toc.map((chapter) => ({
      '@type': 'Chapter',
      name: chapterLabel(chapter),
      position: chapter.position,
      url: absoluteUrl(origin, chapterPath(chapter.code, book.code)),
    })),
  };
  return { url, title: book.title, description, image, type: 'book', jsonLd };
}

export function chapterHead(view: ChapterView, description: string, origin: string): PageHead {
  const { book, chapter } = view;
  const url = absoluteUrl(origin, chapterPath(chapter.code, book.code));
  const image = absoluteUrl(origin, book.coverImage ?? DEFAULT_IMAGE);
  const name = chapterLabel(chapter);
  const bookUrl = absoluteUrl(origin, bookPath(book.code));
  const jsonLd: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Chapter',
    name,
    ...(chapter.titleOriginal ? { alternateName: chapter.titleOriginal } : {}),
    url,
    description,
    position: chapter.position,
    inLanguage: book.language ?? LANGUAGE,
    license: book.license.url,
    isPartOf: {
      '@type': 'Book',
      '@id': bookUrl,
      name: book.title,
      url: bookUrl,
      inLanguage: book.language ?? LANGUAGE,
      ...(book.author ? { author: { '@type': 'Person', name: book.author } } : {}),
    },
  };
  return { url, title: `${name} — ${book.title}`, description, image, type: 'article', jsonLd };
}

/**
 * A talk's page: the PodcastEpisode of the talk chosen, its AudioObject with the absolute file
 * address, the ISO duration and the transcript's words. The canonical address is the talk's own
 * when the address names it, else the collection's.
 */
export function talkHead(
  page: { collection: AudioCollection; current: Talk | null; cues: readonly { text: string }[] },
  namesTalk: boolean,
  origin: string,
): PageHead {
  const { collection, current } = page;
  const collectionUrl = absoluteUrl(origin, collectionPath(collection.id));
  const url = current && namesTalk ? absoluteUrl(origin, talkPath(collection.id, current.id)) : collectionUrl;
  const title = current ? `${current.title} — ${collection.title}` : collection.title;
  const description = excerpt(current?.description ?? collection.description ?? title);
  const image = absoluteUrl(origin, collection.coverImage ?? '/podcast-artwork.png');
  if (!current) return { url, title, description, image, type: 'website' };
  const audioUrl = absoluteUrl(origin, current.url);
  const transcript = transcriptText(page.cues);
  const speaker = current.speaker ?? collection.speaker;
  const jsonLd: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'PodcastEpisode',
    name: current.title,
    description,
    url: absoluteUrl(origin, talkPath(collection.id, current.id)),
    image,
    inLanguage: LANGUAGE,
    ...(current.recordedOn ? { datePublished: current.recordedOn } : {}),
    ...(speaker ? { author: { '@type': 'Person', name: speaker } } : {}),
    ...(current.license ? { license: current.license.url } : {}),
    partOfSeries: {
      '@type': 'PodcastSeries',
      name: collection.title,
      url: collectionUrl,
      webFeed: `${collectionUrl}/rss`,
    },
    associatedMedia: {
      '@type': 'AudioObject',
      name: current.title,
      contentUrl: audioUrl,
      encodingFormat: current.mimeType,
      contentSize: `${current.sizeBytes} B`,
      duration: isoDuration(current.duration),
      inLanguage: LANGUAGE,
      ...(transcript ? { transcript } : {}),
    },
    publisher: publisherOf(origin),
  };
  return {
    url,
    title,
    description,
    image,
    type: 'music.song',
    audio: { url: audioUrl, type: current.mimeType },
    jsonLd,
  };
}

export function videoHead(video: Video, cues: readonly { text: string }[], origin: string): PageHead {
  const url = absoluteUrl(origin, videoPath(video.slug));
  const image = absoluteUrl(origin, video.thumbnailUrl ?? DEFAULT_IMAGE);
  const description = excerpt(video.description ?? video.title);
  const transcript = transcriptText(cues);
  const jsonLd: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description,
    url,
    thumbnailUrl: image,
    uploadDate: video.publishedAt,
    inLanguage: LANGUAGE,
    ...(video.url ? { contentUrl: absoluteUrl(origin, video.url), encodingFormat: 'video/mp4' } : {}),
    ...(video.embedUrl ? { embedUrl: video.embedUrl } : {}),
    ...(video.duration ? { duration: isoDuration(video.duration) } : {}),
    ...(video.speaker ? { author: { '@type': 'Person', name: video.speaker } } : {}),
    ...(video.license ? { license: video.license.url } : {}),
    ...(transcript ? { transcript } : {}),
    publisher: publisherOf(origin),
  };
  return { url, title: video.title, description, image, type: 'video.other', jsonLd };
}

export function articleHead(article: ArticleDetail, origin: string): PageHead {
  const url = absoluteUrl(origin, articlePath(article.slug));
  const image = absoluteUrl(origin, article.coverImage ?? DEFAULT_IMAGE);
  const description = excerpt(article.summary ?? article.title, 300);
  const jsonLd: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description,
    inLanguage: LANGUAGE,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    mainEntityOfPage: url,
    url,
    image,
    ...(article.author ? { author: { '@type': 'Organization', name: article.author } } : {}),
    ...(article.category ? { articleSection: article.category.name } : {}),
    ...(article.license ? { license: article.license.url } : {}),
    ...(article.sourceUrl ? { isBasedOn: article.sourceUrl } : {}),
    publisher: publisherOf(origin),
  };
  return { url, title: article.title, description, image, type: 'article', jsonLd };
}

/** A page without JSON-LD of its own (home, library, a compilation, a public note group). */
export function plainHead(
  origin: string,
  path: string,
  fields: { title: string; description: string; type?: string; image?: string | null; card?: PageHead['card'] },
): PageHead {
  return {
    ...(fields.card ? { card: fields.card } : {}),
    url: absoluteUrl(origin, path),
    title: fields.title,
    description: excerpt(fields.description, 300),
    image: absoluteUrl(origin, fields.image ?? DEFAULT_IMAGE),
    type: fields.type ?? 'website',
  };
}
