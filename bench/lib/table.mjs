// The benchmarks' tables on the console: a header, a rule, one line per row; numbers right-aligned.

/**
 * Prints `rows` (arrays of cells, any value) under `headers`, after a blank line. The columns whose
 * index is in `left` are left-aligned (the first by default), the others right-aligned.
 */
export function printTable(headers, rows, { left = [0] } = {}) {
  const cells = rows.map((row) => row.map(String));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (row) =>
    row
      .map((v, i) => (left.includes(i) ? v.padEnd(widths[i]) : v.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(headers)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of cells) console.log(line(row));
}
