/**
 * Dates as Vietnamese readers write them, dd/mm/yyyy (the library's date filter): a browser's own
 * date field shows mm/dd/yyyy when its language is English.
 */

/** "24/11/2026" or "4/1/2026" → "2026-11-24" / "2026-01-04"; anything else is left as it is. */
export function dayMonthYearToIso(value: string): string {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(value);
  if (!match) return value;
  const [, d, m, y] = match;
  return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
}

/** "2026-11-24" → "24/11/2026". */
export function isoToDayMonthYear(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}
