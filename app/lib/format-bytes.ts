import { formatNumber } from './format.ts';

const oneDecimal = (n: number) => formatNumber(Math.round(n * 10) / 10);

/** 1 234 567 → "1,2 MB"; 45 678 → "45 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${oneDecimal(bytes / 1_000_000)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1000)))} KB`;
}
