/** An id from an address (path or query): a positive whole number, else null (the page answers 404). */
export function positiveIdOf(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}
