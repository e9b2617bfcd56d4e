// `npm run openapi`: writes docs/openapi.json, the API document generated from the route contracts
// (tests/api/docs.test.ts fails when the committed file and the code disagree).
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp } from '../tests/support/test-app.ts';

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '..', 'docs', 'openapi.json');

/** The document as the running API serves it, with stable formatting. */
export async function renderOpenApi(): Promise<string> {
  const t = await createTestApp('sqlite', { demo: false });
  try {
    const doc: unknown = await (await t.app.request('/api/v1/openapi.json')).json();
    return `${JSON.stringify(doc, null, 1)}\n`;
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(OPENAPI_FILE, await renderOpenApi());
  process.stdout.write(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}\n`);
}
