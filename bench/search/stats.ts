/** Small helpers for the search benchmark: percentiles, sizes, a plain-text table, a memory sampler. */
import { Worker } from 'node:worker_threads';

/** Nearest-rank percentile (p in 0..1) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
    max: samples.length ? Math.max(...samples) : Number.NaN,
  };
}

/** Milliseconds for a table: 0.42, 3.1, 27, 1,234. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (value < 1) return value.toFixed(2);
  if (value < 10) return value.toFixed(1);
  return Math.round(value).toLocaleString('en-US');
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MiB`;
}

export function seconds(millis: number): string {
  return `${(millis / 1000).toFixed(1)} s`;
}

export function int(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** A Markdown table, columns padded; `right` marks the columns aligned right. */
export function table(headers: string[], rows: string[][], right: boolean[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text: string, i: number) => (right[i] ? text.padStart(widths[i]!) : text.padEnd(widths[i]!));
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (right[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/**
 * The process's resident memory, sampled every 50 ms by a worker thread (the main thread is busy
 * in synchronous SQLite calls and would not run a timer). RSS is per process, so the worker sees
 * the main thread's memory too (plus its own few MiB).
 */
export function startRssSampler() {
  const shared = new SharedArrayBuffer(8);
  const peak = new Float64Array(shared);
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const peak = new Float64Array(workerData);
     setInterval(() => { const r = process.memoryUsage.rss(); if (r > peak[0]) peak[0] = r; }, 50);`,
    { eval: true, workerData: shared },
  );
  worker.unref();
  return {
    /** The highest RSS seen since the last reset (bytes), including now. */
    peak(): number {
      return Math.max(peak[0] ?? 0, process.memoryUsage.rss());
    },
    reset() {
      peak[0] = process.memoryUsage.rss();
    },
    stop() {
      return worker.terminate();
    },
  };
}
