// Writes data/unihan/unihan-vi.tsv from the Unicode Han Database (Unihan) as Debian's
// `unicode-data` package ships it (apt-get install unicode-data), once, on a maintainer's machine:
// the running product reads only the written file. Decision 0033 says why and under which licence.
//
//   node scripts/dictionary/make-unihan-vi.mjs [/usr/share/unicode]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '/usr/share/unicode';
const read = (name) => execFileSync('bzcat', [join(dir, name)], { encoding: 'utf8', maxBuffer: 1 << 28 });
const charOf = (code) => String.fromCodePoint(Number.parseInt(code.slice(2), 16));

const readings = read('Unihan_Readings.txt.bz2');
const version = /^# Unicode version: (\S+)/m.exec(readings)?.[1] ?? '?';
const vietnamese = new Map();
const definition = new Map();
for (const line of readings.split('\n')) {
  if (!line.startsWith('U+')) continue;
  const [code, field, value] = line.split('\t');
  if (field === 'kVietnamese') vietnamese.set(charOf(code), value.normalize('NFC').trim());
  else if (field === 'kDefinition') definition.set(charOf(code), value.trim());
}
// A simplified form is looked up as its traditional one (readings are given for the latter).
const traditional = new Map();
for (const line of read('Unihan_Variants.txt.bz2').split('\n')) {
  if (!line.startsWith('U+')) continue;
  const [code, field, value] = line.split('\t');
  if (field !== 'kTraditionalVariant') continue;
  const char = charOf(code);
  const targets = value
    .split(' ')
    .filter((t) => t.startsWith('U+'))
    .map((t) => charOf(t.split('<')[0]))
    .filter((t) => t !== char);
  if (targets.length > 0 && !vietnamese.has(char)) traditional.set(char, targets.join(''));
}

const clean = (s) => (s ?? '').replace(/[\t\n]/g, ' ');
const rows = [];
for (const [char, value] of vietnamese) rows.push([char, value, clean(definition.get(char)), '']);
for (const [char, targets] of traditional) rows.push([char, '', clean(definition.get(char)), targets]);
// Characters of the main block without a Vietnamese reading keep at least their gloss (薩 in 菩薩).
for (const [char, gloss] of definition) {
  const code = char.codePointAt(0);
  if (code >= 0x4e00 && code <= 0x9fff && !vietnamese.has(char) && !traditional.has(char)) {
    rows.push([char, '', clean(gloss), '']);
  }
}
rows.sort((a, b) => a[0].codePointAt(0) - b[0].codePointAt(0));

const header = [
  `# Unihan ${version} (Unicode Character Database): kVietnamese, kDefinition, kTraditionalVariant`,
  '# © Unicode, Inc. Unicode License Agreement – Data Files and Software (LICENSE-UNICODE.txt beside this file).',
  '# Made by scripts/dictionary/make-unihan-vi.mjs from Debian unicode-data. Columns: character, Vietnamese readings',
  '# (space-separated, as Unihan gives them), English definition, traditional form(s) of a simplified character.',
];
writeFileSync(
  new URL('../../data/unihan/unihan-vi.tsv', import.meta.url),
  `${header.join('\n')}\n${rows.map((r) => r.join('\t')).join('\n')}\n`,
);
console.log(
  `${rows.length} characters (${vietnamese.size} with readings, ${traditional.size} simplified forms, the rest glosses)`,
);
