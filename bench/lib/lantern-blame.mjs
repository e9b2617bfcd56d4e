// Which main-thread tasks make Lighthouse's Total Blocking Time in one run, read back from that
// run's own trace with Lighthouse's computed metrics (Lantern, its simulation of a mid-range phone):
//
// - every top-level task of the trace is a CPU node of the page's dependency graph (tasks under
//   10 ms of wall time are folded into their neighbours unless they are the first parse, layout or
//   paint); the simulation replays the whole graph with the network throttled and gives each task
//   its observed wall duration × 4 (the CPU slowdown), or × 2 when the task ran a `Layout`;
// - TBT = ½ (blocking after the pessimistic FCP, up to the optimistic TTI) + ½ (after the
//   optimistic FCP, up to the pessimistic TTI), each task counting its simulated time past 50 ms
//   inside that window. The FCP estimates come from a smaller graph (the first parse, layout and
//   paint, render-blocking requests), so the first layout can end up after them in the whole graph.
//   The tasks the whole graph starts before the FCP estimate are listed too, with every kind of event
//   they ran; those missing from the smaller graph push the first layout past it (here: the
//   navigation's commit, which creates the page's V8 context, and inline scripts; decision 0055).
//
// Used by `npm run bench:lighthouse -- --details`; see bench/README.md and decision 0046.
import { Audit } from 'lighthouse/core/audits/audit.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

const { calculateTbtImpactForEvent } = Lantern.Metrics.TBTUtils;

/** Trace events that say what a task did (durations summed per name, in ms of wall time). */
const TELLING = [
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'MinorGC',
  'MajorGC',
];

/**
 * The tasks of one Lighthouse run (its RunnerResult: `lhr` and `artifacts`) that add to its TBT,
 * in simulated order, with the simulation's FCP and TTI estimates, and the tasks that run before the
 * FCP estimate in the whole graph (`ahead`: those not in the FCP estimate's graph push the first
 * layout past it).
 */
export async function blockingTasks({ lhr, artifacts }) {
  const context = { computedCache: new Map(), settings: lhr.configSettings };
  const data = Audit.makeMetricComputationDataInput(artifacts, context);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const tti = await LanternInteractive.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  // The CPU tasks of the smaller graph the FCP estimate simulates (by id: the graphs are clones).
  const fcpNodes = new Set(
    [...fcp.pessimisticEstimate.nodeTimings.keys()].filter((node) => node.type === 'cpu').map((node) => node.id),
  );
  const windows = [
    [fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs],
    [fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs],
  ];
  const tasks = [];
  const ahead = [];
  const fcpEstimate = Math.max(...windows.map(([from]) => from));
  // Both halves simulate the same whole graph: one simulation's timings serve both windows.
  for (const [node, timing] of tbt.pessimisticEstimate.nodeTimings) {
    if (node.type !== 'cpu') continue;
    const event = { start: timing.startTime, end: timing.endTime, duration: timing.duration };
    const blocking = windows.reduce((sum, [from, to]) => sum + calculateTbtImpactForEvent(event, from, to) / 2, 0);
    const did = new Map();
    for (const e of node.childEvents) {
      if (TELLING.includes(e.name) && e.dur) did.set(e.name, (did.get(e.name) ?? 0) + e.dur / 1000);
    }
    if (timing.startTime < fcpEstimate) {
      // Every kind of event: such a task often runs none of the telling ones (a navigation's commit).
      const all = new Map();
      for (const e of node.childEvents) if (e.dur) all.set(e.name, (all.get(e.name) ?? 0) + e.dur / 1000);
      ahead.push({
        start: timing.startTime,
        simulated: timing.duration,
        wallMs: node.duration / 1000,
        cpuMs: (node.event.tdur ?? 0) / 1000,
        inFcpGraph: fcpNodes.has(node.id),
        did: [...all].filter(([, ms]) => ms >= 0.5).sort((a, b) => b[1] - a[1]),
      });
    }
    if (blocking <= 0) continue;
    tasks.push({
      start: timing.startTime,
      simulated: timing.duration,
      blocking,
      wallMs: node.duration / 1000,
      cpuMs: (node.event.tdur ?? 0) / 1000,
      layout: node.didPerformLayout(),
      did: [...did].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]),
    });
  }
  return {
    tbt: tbt.timing,
    fcp: windows.map(([from]) => from).sort((a, b) => a - b),
    tti: windows.map(([, to]) => to).sort((a, b) => a - b),
    tasks: tasks.sort((a, b) => a.start - b.start),
    ahead: ahead.sort((a, b) => a.start - b.start),
  };
}

/** Lines for --details: each blocking task, when it ran in the simulation and what it did. */
export function describeBlockingTasks({ tbt, fcp, tti, tasks, ahead }) {
  const ms = (n) => `${Math.round(n)} ms`;
  const lines = [
    `TBT ${ms(tbt)} by task (simulated FCP ${fcp.map(Math.round).join('–')} ms, TTI ${tti.map(Math.round).join('–')} ms):`,
  ];
  for (const t of tasks) {
    const what = t.did.map(([name, d]) => `${name} ${d.toFixed(1)}`).join(', ');
    lines.push(
      `  at ${ms(t.start)}: ${ms(t.simulated)} simulated (wall ${t.wallMs.toFixed(1)} × ${t.layout ? 2 : 4}), ` +
        `blocks ${ms(t.blocking)}; CPU ${t.cpuMs.toFixed(1)} ms; ${what}`,
    );
  }
  lines.push("Tasks the whole graph starts before the FCP estimate (* = also in the FCP estimate's graph):");
  for (const t of ahead) {
    const what = t.did.map(([name, d]) => `${name} ${d.toFixed(1)}`).join(', ');
    lines.push(
      `  at ${ms(t.start)}: ${ms(t.simulated)} simulated (wall ${t.wallMs.toFixed(1)}); CPU ${t.cpuMs.toFixed(1)} ms${t.inFcpGraph ? ' *' : ''}; ${what}`,
    );
  }
  return lines;
}
