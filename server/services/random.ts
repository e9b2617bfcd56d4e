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
