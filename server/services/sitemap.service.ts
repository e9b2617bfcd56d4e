import {
  bookPath,
  chapterPath,
  collectionPath,
  compilationPath,
  noteListPath,
  talkPath,
  videoPath,
  articlePath,
} from '#common/paths.ts';
import type { Repositories } from '#server/repositories/index.ts';

/** One address of the sitemap: a path on the site and when its content last changed (ISO 8601). */
export interface SitemapEntry {
  path: string;
  lastmod: string;
}

/**
 * What search engines are told to index: every published book, chapter, talk collection, talk,
 * video, article and compilation, and every approved public note group, each with its last change;
 * the home page and the library first, dated by the newest change of all.
 */
export function createSitemapService(deps: { repos: Repositories }) {
  return {
    async listEntries(): Promise<SitemapEntry[]> {
      const rows = await deps.repos.sitemap.listPublished();
      const content: SitemapEntry[] = [
        ...rows.books.map((b) => ({ path: bookPath(b.code), lastmod: b.updated_at })),
        ...rows.chapters.map((c) => ({ path: chapterPath(c.code, c.book_code), lastmod: c.updated_at })),
        ...rows.collections.map((c) => ({ path: collectionPath(c.id), lastmod: c.updated_at })),
        ...rows.talks.map((t) => ({ path: talkPath(t.collection_id, t.id), lastmod: t.updated_at })),
        ...rows.videos.map((v) => ({ path: videoPath(v.slug), lastmod: v.updated_at })),
        ...rows.articles.map((a) => ({ path: articlePath(a.slug), lastmod: a.updated_at })),
        ...rows.compilations.map((c) => ({ path: compilationPath(c.id), lastmod: c.updated_at })),
        ...rows.noteGroups.map((g) => ({
          path: noteListPath(g.username, g.id),
          lastmod: g.approved_at ?? g.updated_at,
        })),
      ];
      const newest = content.reduce((max, e) => (e.lastmod > max ? e.lastmod : max), '');
      const front = newest
        ? [
            { path: '/', lastmod: newest },
            { path: '/thu-vien', lastmod: newest },
          ]
        : [];
      return [...front, ...content];
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
