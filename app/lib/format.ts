// Dates and numbers are written out here rather than with Intl: constructing Intl formatters (and
// loading ICU's locale and time-zone data with them) cost a phone tens of milliseconds while every
// page's scripts start, for three fixed formats. Vietnam keeps UTC+7 all year (no daylight time
// since 1975), so "Vietnam's calendar day" is the UTC day of the instant moved seven hours on.
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

function vietnamDay(iso: string): { day: number; month: number; year: number } {
  const shifted = new Date(new Date(iso).getTime() + VIETNAM_OFFSET_MS);
  return { day: shifted.getUTCDate(), month: shifted.getUTCMonth() + 1, year: shifted.getUTCFullYear() };
}

/** "22 tháng 11, 2026" — dates as Vietnamese readers write them (what Intl's vi-VN long date says). */
export function formatDate(iso: string): string {
  const { day, month, year } = vietnamDay(iso);
  return `${day} tháng ${month}, ${year}`;
}

/** 1234567 → "1.234.567", 12.5 → "12,5": Vietnamese groups thousands with dots, decimals with a comma. */
export function formatNumber(n: number): string {
  const [whole = '0', fraction] = Math.abs(n).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${n < 0 ? '-' : ''}${grouped}${fraction ? `,${fraction.slice(0, 3)}` : ''}`;
}

/** 3725 s → "1 giờ 2 phút"; 185 s → "3 phút". */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  if (h > 0) return m > 0 ? `${h} giờ ${m} phút` : `${h} giờ`;
  return `${Math.max(m, 1)} phút`;
}

/** "tán thán Phật" → "Tán thán Phật". */
export function capitalizeFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase('vi') + text.slice(1);
}

/** "ngày 5 tháng 3 năm 2026" — the written form for a publication date (Vietnam's time zone). */
export function formatLongDate(iso: string): string {
  const { day, month, year } = vietnamDay(iso);
  return `ngày ${day} tháng ${month} năm ${year}`;
}
