/** COUNT(*) comes back as a number from SQLite and as a string (bigint) from PostgreSQL. */
export function toCount(value: string | number | bigint | undefined | null): number {
  return value == null ? 0 : Number(value);
}
