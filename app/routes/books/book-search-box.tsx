import { data } from 'react-router';
import { ZSearchRequestSchema, type SearchResult } from '#common/contracts/search.schema.ts';
import type { Route } from './+types/book-search-box';

/**
 * The book search box's data (product spec §2 /sach/BookSearchBox): a resource route the reader's
 * side search box loads with ?book=CODE&query=…&mode=…; it answers the passages of that book.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = ZSearchRequestSchema.safeParse({
    query: params.get('query') ?? '',
    mode: params.get('mode') ?? 'strict',
    bookCode: params.get('book') ?? '',
    perPage: 1,
  });
  if (!parsed.success) {
    return data(
      { result: null as SearchResult | null, error: parsed.error.issues[0]?.message ?? 'Từ khoá chưa hợp lệ.' },
      { status: 400 },
    );
  }
  return { result: await context.services.search.search(parsed.data), error: null as string | null };
}
