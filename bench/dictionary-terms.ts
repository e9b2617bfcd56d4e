// `npm run bench:dictionary-terms`: what finding a Vietnamese term's entries costs (decision 0052).
// Imports a dictionary of N entries (two-character headwords made from Unihan's characters, their
// kVietnamese readings as the reading, sometimes with the old tone placement or hyphens) into a
// fresh SQLite file and PostgreSQL database, then looks up the readings of M entries, with and
// without diacritics, through the repository: first with the index on the folded reading
// (migration 0036), then with the index dropped, so both rows come from the same run. Asserts nothing.
//
//   npm run bench:dictionary-terms -- [--entries 100000] [--lookups 300]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { indexForms } from '#common/text/search-tokens.ts';
import type { Database } from '#server/db/database.ts';
import * as readingFolded from '#server/db/migrations/0036-dictionary-reading-folded.ts';
import { createRepositories } from '#server/repositories/index.ts';
import { benchDatabases } from './lib/databases.ts';

const { values } = parseArgs({
  options: { entries: { type: 'string', default: '100000' }, lookups: { type: 'string', default: '300' } },
});
const entryCount = Number(values.entries);
const lookupCount = Number(values.lookups);

// Characters with a reading (data/unihan/unihan-vi.tsv), in file order; a fixed walk through them.
const unihan = fs
  .readFileSync(path.resolve(import.meta.dirname, '..', 'data', 'unihan', 'unihan-vi.tsv'), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => line.split('\t'))
  .filter(([, readings]) => readings)
  .map(([character, readings]) => ({ character: character!, reading: readings!.split(' ')[0]! }));
const at = (i: number) => unihan[(i * 7919) % unihan.length]!;
const entries = Array.from({ length: entryCount }, (_, i) => {
  const [a, b] = [at(i), at(i * 31 + 17)];
  const separator = i % 5 === 0 ? '-' : ' ';
  const reading = `${a.reading}${separator}${b.reading}`;
  return {
    headword: a.character + b.character,
    reading: i % 3 === 0 ? reading.normalize('NFD') : reading,
    meaning: `Nghĩa thử ${i}.`,
  };
});
const terms = Array.from({ length: lookupCount }, (_, i) => {
  const reading = entries[(i * 104729) % entries.length]!.reading;
  return i % 2 === 0 ? reading : indexForms(reading).folded;
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(database: Database) {
  const repos = createRepositories(database.db);
  const at = new Date().toISOString();
  const dictionaryId = await repos.dictionaries.insert({
    name: 'Từ điển đo',
    license: 'CC0 1.0',
    source_url: null,
    entry_count: entries.length,
    created_at: at,
    updated_at: at,
  });
  const started = performance.now();
  await repos.dictionaries.replaceEntries(
    dictionaryId,
    entries.map((e) => ({ ...e, reading_folded: indexForms(e.reading).folded })),
  );
  const importSeconds = (performance.now() - started) / 1000;
  const run = async () => {
    const times: number[] = [];
    let found = 0;
    for (const term of terms) {
      const t = performance.now();
      found += (await repos.dictionaries.findByReadingFolded(indexForms(term).folded, 500)).length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { times, found };
  };
  // What migration 0036 costs a library whose dictionaries were imported before it.
  const migrationStarted = performance.now();
  await readingFolded.down(database.db as Kysely<unknown>);
  await readingFolded.up(database.db as Kysely<unknown>);
  const migrationSeconds = (performance.now() - migrationStarted) / 1000;
  const indexed = await run();
  await sql`DROP INDEX dictionary_entries_reading_folded_idx`.execute(database.db);
  const scanned = await run();
  return { importSeconds, migrationSeconds, indexed, scanned };
}

const rows: (string | number)[][] = [];
const databases = await benchDatabases('dictionary-terms');
try {
  for (const [engine, database] of [
    ['SQLite', databases.sqlite],
    ['PostgreSQL', databases.postgres],
  ] as const) {
    if (!database) continue;
    const { importSeconds, migrationSeconds, indexed, scanned } = await measure(database);
    for (const [label, result] of [
      ['index (0036)', indexed],
      ['no index', scanned],
    ] as const) {
      rows.push([
        `${engine}, ${label}`,
        importSeconds.toFixed(1),
        migrationSeconds.toFixed(1),
        (result.found / terms.length).toFixed(1),
        percentile(result.times, 0.5).toFixed(2),
        percentile(result.times, 0.95).toFixed(2),
        percentile(result.times, 0.99).toFixed(2),
      ]);
    }
  }
} finally {
  await databases.close();
}
const out = (line: string) => process.stdout.write(`${line}\n`);
out(
  `${entryCount} entries, ${lookupCount} look-ups of their readings (half without diacritics); load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
out('| engine | import s | 0036 on them s | entries found | p50 ms | p95 ms | p99 ms |');
out('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) out(`| ${row.join(' | ')} |`);
