/** `ids` with `id` moved one place up or down (unchanged at either end, or when absent). */
export function moveInOrder(ids: readonly number[], id: number, direction: 'up' | 'down'): number[] {
  const order = [...ids];
  const from = order.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}
