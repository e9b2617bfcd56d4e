// The page's main-thread tasks during a load, measured by thread CPU time (a trace's `tdur`), which
// the machine's other work does not inflate as it inflates wall time. Used by bench/lighthouse.mjs
// beside Lighthouse's own Total Blocking Time, which multiplies observed wall durations by 4 (its
// simulated CPU slowdown) and so moves with the load of the machine it runs on.
//
// "TBT estimate" = Σ over tasks after the first contentful paint of max(0, 4 × CPU time − 50 ms):
// Lighthouse's rule, applied to CPU time instead of wall time.

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/** One load of `url` in a fresh phone-sized context: its tasks after FCP, longest first. */
async function oneLoad(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] },
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated]', { timeout: 30_000 });
    await page.waitForTimeout(1500); // the parts hydrated later, and effects after paint
    await cdp.send('Tracing.end');
    await complete;

    // The page's renderer main thread: where its own HTML was parsed (Chromium's own pages run elsewhere).
    const origin = new URL(url).origin;
    const parses = new Map();
    for (const e of events) {
      if (e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(origin)) {
        const key = `${e.pid}:${e.tid}`;
        parses.set(key, (parses.get(key) ?? 0) + 1);
      }
    }
    const main = [...parses].sort((a, b) => b[1] - a[1])[0]?.[0];
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && `${e.pid}:${e.tid}` === main)?.ts ?? 0;
    // Top-level tasks only (a task's nested RunTask events are part of it).
    const tasks = [];
    const candidates = events
      .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && /RunTask$/.test(e.name) && e.tdur)
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    for (const task of candidates) {
      const last = tasks.at(-1);
      if (last && task.ts < last.ts + last.dur) continue;
      tasks.push(task);
    }
    const cpuMs = tasks.reduce((sum, t) => sum + t.tdur / 1000, 0);
    const afterPaint = tasks.filter((t) => t.ts >= fcp).map((t) => t.tdur / 1000);
    const blocking = afterPaint.reduce((sum, ms) => sum + Math.max(0, CPU_SLOWDOWN * ms - LONG_TASK_MS), 0);
    return { cpuMs, blocking, longest: Math.max(0, ...afterPaint) };
  } finally {
    await context.close();
  }
}

/** `runs` loads of each page; the median run (by blocking time) per page. */
export async function measureMainThread(browser, urls, runs) {
  const rows = [];
  for (const url of urls) {
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await oneLoad(browser, url));
    loads.sort((a, b) => a.blocking - b.blocking);
    rows.push({ url, ...loads[Math.floor(loads.length / 2)], all: loads.map((l) => Math.round(l.blocking)) });
  }
  return rows;
}

export function printMainThread(rows, runs) {
  console.log(
    `\nMain thread by CPU time (load-independent), median of ${runs} load(s); TBT estimate = Σ max(0, 4 × task − 50 ms) after FCP:`,
  );
  const width = Math.max(4, ...rows.map((r) => new URL(r.url).pathname.length + new URL(r.url).search.length));
  console.log(`${'page'.padEnd(width)}  CPU ms  longest task ms  TBT estimate ms  (runs)`);
  for (const r of rows) {
    const u = new URL(r.url);
    console.log(
      `${(u.pathname + u.search).padEnd(width)}  ${r.cpuMs.toFixed(0).padStart(6)}  ${r.longest.toFixed(1).padStart(15)}  ${r.blocking.toFixed(0).padStart(15)}  (${r.all.join('/')})`,
    );
  }
}
