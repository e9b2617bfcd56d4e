import type { Executor } from '#server/db/database.ts';
import { itemIdRange } from './passage-id.ts';
import type { PassageRow } from './search-index.ts';

/** An item's passages in reading order (the same table on both engines). */
export async function readPassagesOfItem(
  db: Executor,
  itemKey: number,
  afterId: number | null,
  limit: number,
): Promise<PassageRow[]> {
  const [start, to] = itemIdRange(itemKey);
  const rows = await db
    .selectFrom('search_passages')
    .select(['id', 'kind', 'item_id', 'seq', 'part', 'anchor', 'start_seconds', 'body'])
    .where('id', '>=', afterId === null ? start : Math.max(start, afterId + 1))
    .where('id', '<=', to)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    start_seconds: r.start_seconds === null ? null : Number(r.start_seconds),
  }));
}
