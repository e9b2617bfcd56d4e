/** An entry of a test's dictionary (docs/dictionary-format.md). */
export interface TestDictionaryEntry {
  headword: string;
  reading: string;
  meaning: string;
}

/** The entries as the TSV file an administrator imports. */
export function dictionaryTsv(entries: TestDictionaryEntry[]): string {
  return entries.map((e) => `${e.headword}\t${e.reading}\t${e.meaning}`).join('\n');
}
