// The page's main-thread tasks during a load, measured by thread CPU time (a trace's `tdur`), which
// the machine's other work does not inflate as it inflates wall time. Used by bench/lighthouse.mjs
// beside Lighthouse's own Total Blocking Time, which multiplies observed wall durations by 4 (its
// simulated CPU slowdown) and so moves with the load of the machine it runs on.
//
// "TBT estimate" = Σ over tasks after the first contentful paint of max(0, 4 × CPU time − 50 ms):
// Lighthouse's rule, applied to CPU time instead of wall time.
//
// "First layout" = the task that lays out the page the first time (the one with the most `Layout`
// CPU before the first paint) and, inside it, the style recalculation and the layout: Lighthouse's
// simulation can place that task after its estimated first paint, at 2 × its wall time (bench/lib/
// lantern-blame.mjs), so it is the largest single task there. "Before FCP" = the CPU of every task
// before the first contentful paint.

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
    await waitForHydration(cdp);
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
    const beforePaint = tasks.filter((t) => t.ts < fcp);
    return {
      cpuMs,
      blocking,
      longest: Math.max(0, ...afterPaint),
      beforePaintMs: beforePaint.reduce((sum, t) => sum + t.tdur / 1000, 0),
      ...firstLayout(events, main, beforePaint),
    };
  } finally {
    await context.close();
  }
}

/**
 * Waits for `html[data-hydrated]` through the DevTools protocol: Playwright's own waits inject its
 * script into the page, a task of ~7 ms of CPU after the first paint that this table would count.
 */
async function waitForHydration(cdp) {
  const hydrated = cdp.send('Runtime.evaluate', {
    expression: `new Promise((resolve) => {
      const root = document.documentElement;
      if (root.hasAttribute('data-hydrated')) return resolve();
      new MutationObserver((_, observer) => {
        if (root.hasAttribute('data-hydrated')) observer.disconnect(), resolve();
      }).observe(root, { attributes: true });
    })`,
    awaitPromise: true,
  });
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('the page was not hydrated within 30 s')), 30_000);
  });
  try {
    await Promise.race([hydrated, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The task of `tasks` with the most `Layout` CPU, its CPU and its style and layout CPU (ms). */
function firstLayout(events, main, tasks) {
  const styleAndLayout = events.filter(
    (e) => (e.name === 'Layout' || e.name === 'UpdateLayoutTree') && `${e.pid}:${e.tid}` === main,
  );
  const within = (task, name) =>
    styleAndLayout
      .filter((e) => e.name === name && e.ts >= task.ts && e.ts < task.ts + task.dur)
      .reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
  let first = null;
  for (const task of tasks) {
    const layout = within(task, 'Layout');
    if (!first || layout > first.layoutMs) first = { task, layoutMs: layout };
  }
  if (!first) return { firstLayoutTaskMs: 0, firstStyleMs: 0, firstLayoutMs: 0 };
  return {
    firstLayoutTaskMs: first.task.tdur / 1000,
    firstStyleMs: within(first.task, 'UpdateLayoutTree'),
    firstLayoutMs: first.layoutMs,
  };
}

/** Median of `key` over `loads`. */
function medianOf(loads, key) {
  const sorted = loads.map((l) => l[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** `runs` loads of each page; the median run (by blocking time) per page, and the median first layout. */
export async function measureMainThread(browser, urls, runs) {
  const rows = [];
  for (const url of urls) {
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await oneLoad(browser, url));
    loads.sort((a, b) => a.blocking - b.blocking);
    rows.push({
      url,
      ...loads[Math.floor(loads.length / 2)],
      all: loads.map((l) => Math.round(l.blocking)),
      // Each figure's own median: the first layout does not follow the blocking time's order.
      ...Object.fromEntries(
        ['beforePaintMs', 'firstLayoutTaskMs', 'firstStyleMs', 'firstLayoutMs'].map((k) => [k, medianOf(loads, k)]),
      ),
    });
  }
  return rows;
}

export function printMainThread(rows, runs) {
  console.log(
    `\nMain thread by CPU time (load-independent), median of ${runs} load(s); TBT estimate = Σ max(0, 4 × task − 50 ms) after FCP:`,
  );
  const width = Math.max(4, ...rows.map((r) => new URL(r.url).pathname.length + new URL(r.url).search.length));
  console.log(
    `${'page'.padEnd(width)}  CPU ms  before FCP ms  first layout task ms (style + layout)  longest task after FCP ms  TBT estimate ms  (runs)`,
  );
  for (const r of rows) {
    const u = new URL(r.url);
    const first = `${r.firstLayoutTaskMs.toFixed(1)} (${r.firstStyleMs.toFixed(1)} + ${r.firstLayoutMs.toFixed(1)})`;
    console.log(
      `${(u.pathname + u.search).padEnd(width)}  ${r.cpuMs.toFixed(0).padStart(6)}  ${r.beforePaintMs.toFixed(1).padStart(13)}  ${first.padStart(36)}  ${r.longest.toFixed(1).padStart(25)}  ${r.blocking.toFixed(0).padStart(15)}  (${r.all.join('/')})`,
    );
  }
}
