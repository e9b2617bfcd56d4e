const dateFormatter = new Intl.DateTimeFormat('vi-VN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});
const numberFormatter = new Intl.NumberFormat('vi-VN');

/** "22 tháng 11, 2026" — dates as Vietnamese readers write them. */
export function formatDate(iso: string): string {
  return dateFormatter.format(new Date(iso));
}

export function formatNumber(n: number): string {
  return numberFormatter.format(n);
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

const datePartsFormatter = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/** "ngày 5 tháng 3 năm 2026" — the written form for a publication date (Vietnam's time zone). */
export function formatLongDate(iso: string): string {
  const parts = Object.fromEntries(datePartsFormatter.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `ngày ${parts.day} tháng ${parts.month} năm ${parts.year}`;
}
