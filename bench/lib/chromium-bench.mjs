// What the benchmarks that drive Debian's Chromium against the production server share: the build
// (rebuilt when stale), the server on a fresh DATA_DIR, Chromium headless, and one cleanup that
// closes the browser and stops the server, on the way out and on Ctrl-C alike.
import { chromium } from 'playwright-core';
import { buildIfStale, startProductionServer } from './production-server.mjs';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Builds when stale and starts the server (not yet ready: `await server.ready()`). */
export async function startChromiumBench({ tmpPrefix }) {
  buildIfStale();
  const server = await startProductionServer({ tmpPrefix });
  let browser = null;
  async function cleanup() {
    await browser?.close().catch(() => {});
    await server.stop();
  }
  process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  return {
    server,
    baseUrl: server.baseUrl,
    /** Chromium headless; `args` are added to the flags every benchmark passes. */
    async launch(args = []) {
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', ...args],
      });
      return browser;
    },
    cleanup,
  };
}
