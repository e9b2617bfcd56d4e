import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApi } from '../../scripts/write-openapi.ts';

const decisionsDir = path.resolve(import.meta.dirname, '..', '..', 'docs', 'decisions');

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
});
