/**
 * The part of the schema.org vocabulary (schema.org, version 29) our pages use: each type with the
 * properties its type and its parents (Thing → CreativeWork → …) define, and what each expects.
 * validateJsonLd checks a JSON-LD node against it: every property defined for its type, every
 * value of an expected kind, every address absolute.
 */

type Kind = 'Text' | 'URL' | 'Date' | 'DateTime' | 'Duration' | 'Integer' | { types: string[] };

const THING: Record<string, Kind[]> = {
  name: ['Text'],
  alternateName: ['Text'],
  description: ['Text'],
  url: ['URL'],
  image: ['URL', { types: ['ImageObject'] }],
  mainEntityOfPage: ['URL', { types: ['CreativeWork'] }],
};
const CREATIVE_WORK: Record<string, Kind[]> = {
  ...THING,
  author: [{ types: ['Person', 'Organization'] }],
  translator: [{ types: ['Person', 'Organization'] }],
  publisher: [{ types: ['Person', 'Organization'] }],
  license: ['URL', { types: ['CreativeWork'] }],
  inLanguage: ['Text'],
  datePublished: ['Date', 'DateTime'],
  dateModified: ['Date', 'DateTime'],
  genre: ['Text', 'URL'],
  headline: ['Text'],
  isBasedOn: ['URL', { types: ['CreativeWork', 'Product'] }],
  creditText: ['Text'],
  thumbnailUrl: ['URL'],
  position: ['Integer', 'Text'],
  hasPart: [{ types: ['CreativeWork', 'Chapter', 'Book', 'Article'] }],
  isPartOf: ['URL', { types: ['CreativeWork', 'Book', 'PodcastSeries'] }],
  associatedMedia: [{ types: ['MediaObject', 'AudioObject', 'VideoObject'] }],
};
const MEDIA_OBJECT: Record<string, Kind[]> = {
  ...CREATIVE_WORK,
  contentUrl: ['URL'],
  embedUrl: ['URL'],
  encodingFormat: ['Text', 'URL'],
  contentSize: ['Text'],
  duration: ['Duration'],
  uploadDate: ['Date', 'DateTime'],
};

export const VOCABULARY: Record<string, Record<string, Kind[]>> = {
  Person: { ...THING },
  Organization: { ...THING },
  Book: { ...CREATIVE_WORK, bookEdition: ['Text'], isbn: ['Text'], numberOfPages: ['Integer'] },
  Chapter: { ...CREATIVE_WORK, pageStart: ['Integer', 'Text'], pageEnd: ['Integer', 'Text'] },
  Article: { ...CREATIVE_WORK, articleSection: ['Text'], articleBody: ['Text'] },
  PodcastSeries: { ...CREATIVE_WORK, webFeed: ['URL'] },
  PodcastEpisode: {
    ...CREATIVE_WORK,
    episodeNumber: ['Integer', 'Text'],
    partOfSeries: [{ types: ['PodcastSeries'] }],
  },
  AudioObject: { ...MEDIA_OBJECT, transcript: ['Text'], caption: ['Text'] },
  VideoObject: { ...MEDIA_OBJECT, transcript: ['Text'], caption: ['Text'] },
};

/** Types whose instances may stand where a parent type is expected. */
const PARENTS: Record<string, string[]> = {
  Book: ['CreativeWork'],
  Chapter: ['CreativeWork'],
  Article: ['CreativeWork'],
  PodcastSeries: ['CreativeWork', 'CreativeWorkSeries'],
  PodcastEpisode: ['CreativeWork', 'Episode'],
  AudioObject: ['MediaObject', 'CreativeWork'],
  VideoObject: ['MediaObject', 'CreativeWork'],
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function matches(value: unknown, kind: Kind, path: string, problems: string[]): boolean {
  if (typeof kind === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const type = (value as Record<string, unknown>)['@type'];
    if (typeof type !== 'string') return false;
    if (!kind.types.includes(type) && !(PARENTS[type] ?? []).some((p) => kind.types.includes(p))) return false;
    problems.push(...validateNode(value as Record<string, unknown>, path));
    return true;
  }
  switch (kind) {
    case 'Text':
      return typeof value === 'string' && value.trim().length > 0;
    case 'URL':
      return isAbsoluteUrl(value);
    case 'Date':
      return typeof value === 'string' && ISO_DATE.test(value);
    case 'DateTime':
      return typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
    case 'Duration':
      return typeof value === 'string' && ISO_DURATION.test(value);
    case 'Integer':
      return Number.isInteger(value);
  }
}

function validateNode(node: Record<string, unknown>, path: string): string[] {
  const type = node['@type'];
  if (typeof type !== 'string' || !VOCABULARY[type]) return [`${path}: unknown @type ${String(type)}`];
  const properties = VOCABULARY[type]!;
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '@context' || key === '@type') continue;
    if (key === '@id') {
      if (!isAbsoluteUrl(value)) problems.push(`${path}.@id is not an absolute URL`);
      continue;
    }
    const kinds = properties[key];
    if (!kinds) {
      problems.push(`${path}.${key} is not a property of ${type}`);
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    for (const [i, v] of values.entries()) {
      const at = Array.isArray(value) ? `${path}.${key}[${i}]` : `${path}.${key}`;
      const nested: string[] = [];
      if (!kinds.some((k) => matches(v, k, at, nested))) {
        problems.push(`${at} = ${JSON.stringify(v).slice(0, 80)} is not ${JSON.stringify(kinds)}`);
      } else problems.push(...nested);
    }
  }
  return problems;
}

/** The problems of a JSON-LD document: context, type, properties, value kinds, `required` present. */
export function validateJsonLd(doc: unknown, type: string, required: readonly string[]): string[] {
  if (typeof doc !== 'object' || doc === null) return ['not an object'];
  const node = doc as Record<string, unknown>;
  const problems: string[] = [];
  if (node['@context'] !== 'https://schema.org') problems.push(`@context is ${String(node['@context'])}`);
  if (node['@type'] !== type) problems.push(`@type is ${String(node['@type'])}, not ${type}`);
  for (const key of required) if (node[key] === undefined) problems.push(`${type}.${key} is missing`);
  return [...problems, ...validateNode(node, type)];
}
