/** A source of randomness in [0, 1): Math.random in the product, a seeded one in tests. */
export type RandomSource = () => number;

/** `count` distinct items drawn uniformly (partial Fisher–Yates); fewer if the list is shorter. */
export function pickRandom<T>(items: readonly T[], count: number, random: RandomSource = Math.random): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/**
 * A run of consecutive items starting at a random one, as long as their total `size` stays within
 * `budget` (always at least one item). The passage of the day uses it so that a long liturgy shows
 * a few of its lines and the card stays short on a phone whatever topic is drawn.
 */
export function pickConsecutiveWithin<T>(
  items: readonly T[],
  size: (item: T) => number,
  budget: number,
  random: RandomSource = Math.random,
): T[] {
  if (items.length === 0) return [];
  const total = items.reduce((sum, item) => sum + size(item), 0);
  if (total <= budget) return [...items];
  // Only starts from which at least the first line fits, or any start when none does.
  const starts = items.map((_, i) => i).filter((i) => size(items[i]!) <= budget);
  const pool = starts.length > 0 ? starts : items.map((_, i) => i);
  const start = pool[Math.floor(random() * pool.length)]!;
  const picked = [items[start]!];
  let used = size(items[start]!);
  for (let i = start + 1; i < items.length && used + size(items[i]!) <= budget; i++) {
    picked.push(items[i]!);
    used += size(items[i]!);
  }
  return picked;
}
