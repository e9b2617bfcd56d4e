import type { CompilationItem, CompilationSummary } from '#common/contracts/compilation.schema.ts';
import { articlePath, bookPath, talkPath, videoPath } from '#common/paths.ts';
import type {
  CompilationItemRow,
  CompilationRow,
  CompilationTarget,
} from '#server/repositories/compilation.repository.ts';

/** The address of an item's own page. */
function urlOf(item: CompilationItemRow, target: CompilationTarget): string {
  switch (item.item_type) {
    case 'book':
      return bookPath(target.key);
    case 'talk':
      return talkPath(Number(target.key), target.id);
    case 'article':
      return articlePath(target.key);
    case 'video':
      return videoPath(target.key);
  }
}

export function presentCompilationItem(item: CompilationItemRow, target: CompilationTarget): CompilationItem {
  return {
    type: item.item_type,
    id: target.id,
    title: target.title,
    subtitle: target.subtitle,
    note: item.note,
    url: urlOf(item, target),
  };
}

export function presentCompilationSummary(row: CompilationRow, items: CompilationItem[]): CompilationSummary {
  const counts = { book: 0, talk: 0, video: 0, article: 0 };
  for (const item of items) counts[item.type]++;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    introduction: row.introduction,
    coverImage: row.cover_image,
    itemCount: items.length,
    counts,
  };
}
