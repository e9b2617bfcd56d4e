import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApi } from '../../scripts/write-openapi.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const decisionsDir = path.join(root, 'docs', 'decisions');

type Version = [number, number, number];

/** "20.19" → [20, 19, 0]; missing parts are 0 (the lowest version a range allows). */
function readVersion(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text
    .replace(/^v/, '')
    .split('.')
    .map((n) => (/^\d+$/.test(n) ? Number(n) : 0));
  return [major, minor, patch];
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Whether `version` satisfies an npm `engines.node` range: alternatives joined by `||`, each a list
 * of comparators (`>=20.19`, `<23`, `^22.20`, `~18.1`, `20.x`, `*`). A form this does not read fails
 * the test rather than pass unread.
 */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => {
        if (comparator === '' || comparator === '*' || comparator === 'x') return true;
        const m = /^(>=|<=|>|<|=|\^|~)?v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(comparator);
        if (!m) throw new Error(`an engines range this test cannot read: "${range}"`);
        const [, op = '', major, minor, patch] = m;
        const wild = (part: string | undefined) => part === undefined || part === 'x' || part === '*';
        const low: Version = [Number(major), wild(minor) ? 0 : Number(minor), wild(patch) ? 0 : Number(patch)];
        const c = compare(version, low);
        if (op === '>=') return c >= 0;
        if (op === '>') return c > 0;
        if (op === '<=') return c <= 0;
        if (op === '<') return c < 0;
        if (op === '^') return c >= 0 && version[0] === low[0];
        if (op === '~' || wild(minor) || wild(patch)) {
          return c >= 0 && version[0] === low[0] && (wild(minor) || version[1] === low[1]);
        }
        return c === 0;
      }),
  );
}

describe('the documents a newcomer reads', () => {
  it('commits the OpenAPI document the code serves (run `npm run openapi` after changing a route)', async () => {
    const committed = fs.readFileSync(OPENAPI_FILE, 'utf8');
    const served = await renderOpenApi();
    expect(JSON.parse(committed)).toEqual(JSON.parse(served));
  });

  it('lists every decision record in the index, each with its date and status', () => {
    const index = fs.readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
    const records = fs.readdirSync(decisionsDir).filter((f) => /^\d{4}-.+\.md$/.test(f));
    expect(records.length).toBeGreaterThan(10);
    const numbers = records.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size, 'two records share a number').toBe(numbers.length);
    for (const file of records) {
      expect(index, `${file} is missing from docs/decisions/README.md`).toContain(`](${file})`);
      const text = fs.readFileSync(path.join(decisionsDir, file), 'utf8');
      expect(text, file).toMatch(
        /^# \d{4} — .+\n\n_Date: \d{4}-\d{2}-\d{2} · Status: (accepted|superseded by \d{4})_\n/,
      );
    }
  });

  it('promises the Node.js that every installed package accepts: `npm install` shows no engine warning', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const promised = /Node\.js (\d+\.\d+) or newer/.exec(readme)?.[1];
    expect(promised, 'the README names the Node.js it needs').toBeDefined();
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(`>=${promised}`);
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    // npm skips an optional package (a platform build) whose engines do not fit, without a word;
    // any other package that does not fit prints "npm warn EBADENGINE".
    const refusing = Object.entries(
      lock.packages as Record<string, { engines?: { node?: string }; optional?: boolean }>,
    )
      .filter(([name, p]) => name !== '' && !p.optional && typeof p.engines?.node === 'string')
      .filter(([, p]) => !satisfies(readVersion(promised!), p.engines!.node!))
      .map(([name, p]) => `${name} wants node ${p.engines!.node}`);
    expect(refusing).toEqual([]);
  });

  it('reads engines ranges as npm does', () => {
    const v = readVersion('20.19');
    expect(satisfies(v, '>=20.19')).toBe(true);
    expect(satisfies(v, '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies(v, '^22.20 || ^24.12 || >=25')).toBe(false);
    expect(satisfies(v, '>=22')).toBe(false);
    expect(satisfies(v, '>= 18 < 20.18')).toBe(false);
    expect(satisfies(v, '20.x')).toBe(true);
    expect(satisfies(v, '~20.18')).toBe(false);
    expect(satisfies(v, '*')).toBe(true);
  });
});
