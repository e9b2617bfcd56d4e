import { data } from 'react-router';
import { ZSearchRequestSchema } from '#common/contracts/search.schema.ts';
import type { Route } from './+types/search-passages';

/**
 * The other matching passages of one result of /search, for its "Xem thêm N đoạn" (up to 50, best
 * first): the same search (query, mode, conditions) inside the item `loai` + `ma` (its type and
 * key). No page: the result card loads it with a fetcher.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const p = new URL(request.url).searchParams;
  const conditions = (p.get('conditions') ?? '').split('|').filter(Boolean);
  const parsed = ZSearchRequestSchema.safeParse({
    query: p.get('query') ?? '',
    mode: p.get('mode') ?? undefined,
    conditions,
    conditionType: conditions.length > 0 ? 'AND' : undefined,
    perPage: 1,
    item: { type: p.get('loai'), key: p.get('ma') ?? '' },
  });
  if (!parsed.success) {
    return data({ passages: null, error: parsed.error.issues[0]?.message ?? 'Yêu cầu chưa hợp lệ.' }, { status: 400 });
  }
  const result = await context.services.search.search(parsed.data);
  return { passages: result.items[0]?.passages ?? [], error: null };
}
