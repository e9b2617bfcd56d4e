/**
 * Every item of a paged list, page after page: for a page that must show all of them at once
 * (the highlights of a chapter), while each call still answers one bounded page.
 */
export async function collectAllPages<T>(
  fetchPage: (page: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchPage(page);
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) return items;
  }
}
