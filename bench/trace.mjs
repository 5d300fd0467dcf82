// The main thread of a page load, from Chromium's own performance trace (docs/performance.md, « Le banc
// d’essai »): what Lighthouse's simulation summarises as one TBT figure, measured task by task.
//
// Each page is loaded in a fresh context of Chromium (Playwright, Debian's /usr/bin/chromium) and traced
// from the navigation until the page has been quiet for a while after its load event. A task's cost is
// the CPU time its thread spent on it (the trace's `tdur`), times 4, as Lighthouse's mobile simulation
// counts it (4× slower CPU): unlike wall time, or Chromium's own CPU throttling (which suspends the
// thread for a share of wall time), thread time hardly moves when other processes load the machine.
// The figures per load, in ms of that slowed-down CPU time:
// - longestTask: the longest task of the page's main thread after the first contentful paint;
// - blocking: the sum, over those tasks, of their time beyond 50 ms (the definition of TBT, up to the end
//   of the trace rather than up to Lighthouse's estimated time to interactive);
// - mainThread: the sum of all those tasks (the page's main-thread work after the first paint);
// - longTasks: each task over 50 ms, with the trace events that filled it (script evaluation, function
//   calls, parsing, style and layout...), to tell what a long task is made of.
//
// Used by scripts/bench.mjs (each page, beside Lighthouse); alone:
//   node bench/trace.mjs http://127.0.0.1:4173/cgv/ [more URLs] [--runs 3]
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Lighthouse's mobile profile slows the CPU down 4 times; so do the figures of this trace. */
export const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** Tasks listed with their content (long tasks, and shorter ones with TRACE_LIST_MS=20). */
const LIST_MS = Number(process.env.TRACE_LIST_MS ?? LONG_TASK_MS);
/** After the load event, the trace goes on until no task has run for this long (ms of wall time). */
const QUIET_MS = 1500;
const MAX_WAIT_MS = 15_000;

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export async function launchBrowser(args = []) {
  return chromium.launch({ executablePath, args });
}

/** One traced load of `url`: { fcp, longestTask, blocking, longTasks }, times in ms. */
export async function traceLoad(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  const categories = [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'loading',
    'toplevel',
    'blink.user_timing',
  ];
  await browser.startTracing(page, { categories });
  await page.goto(url, { waitUntil: 'load' });
  // Quiet: no task of the page for QUIET_MS (a long task observed in the page delays the check).
  await page.evaluate(
    ({ quiet, max }) =>
      new Promise((resolve) => {
        const start = performance.now();
        let last = performance.now();
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
        }).observe({ type: 'longtask', buffered: true });
        const check = () => {
          const now = performance.now();
          if (now - last >= quiet || now - start >= max) resolve(undefined);
          else setTimeout(check, 100);
        };
        setTimeout(check, quiet);
      }),
    { quiet: QUIET_MS, max: MAX_WAIT_MS },
  );
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  await context.close();
  return summarise(trace.traceEvents ?? trace);
}

/** The figures of one trace (exported for a unit of analysis outside the bench). */
export function summarise(events) {
  // The page's main thread: the renderer main thread that painted the first content.
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error('trace: no first contentful paint');
  const { pid, tid } = fcpEvent;
  const navigationId = fcpEvent.args?.data?.navigationId;
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.navigationId === navigationId);
  if (!navigation) throw new Error('trace: no navigation start');
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  // Top-level tasks only (a RunTask may wrap another).
  const taskEvents = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  taskEvents.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  for (const task of taskEvents) {
    const previous = tasks.at(-1);
    if (!previous || task.ts >= previous.ts + previous.dur) tasks.push(task);
  }
  const afterFcp = tasks.filter((t) => t.ts >= fcpEvent.ts);
  const ms = (us) => Math.round(us / 100) / 10;
  // A task's cost: its thread time (wall time when the trace has none), on a CPU 4 times slower.
  const cost = (event) => (event.tdur ?? event.dur) * CPU_SLOWDOWN;
  const long = afterFcp.filter((t) => cost(t) / 1000 > LONG_TASK_MS);
  return {
    fcp: ms(fcpEvent.ts - navigation.ts),
    longestTask: ms(Math.max(0, ...afterFcp.map(cost))),
    blocking: ms(long.reduce((sum, t) => sum + cost(t) - LONG_TASK_MS * 1000, 0)),
    mainThread: ms(afterFcp.reduce((sum, t) => sum + cost(t), 0)),
    longTasks: afterFcp
      .filter((t) => cost(t) / 1000 > LIST_MS)
      .map((task) => ({
        start: ms(task.ts - navigation.ts),
        duration: ms(cost(task)),
        made: madeOf(task, onMain, cost),
      })),
  };
}

/** The direct children of a task, by event name, in ms, largest first (what the task spent its time on). */
function madeOf(task, events, cost) {
  const inside = events
    .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const totals = {};
  let end = 0;
  for (const event of inside) {
    if (event.ts < end) continue; // nested in the previous direct child
    if (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') continue; // the task's own wrapper
    end = event.ts + event.dur;
    const data = event.args?.data ?? {};
    const label = data.url ? `${event.name} ${data.url.replace(/^.*\//, '')}` : event.name;
    totals[label] = (totals[label] ?? 0) + cost(event);
  }
  return Object.entries(totals)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, dur]) => `${name} ${Math.round(dur / 1000)} ms`);
}

/** The median load of several, by blocking time (then longest task). */
export function medianLoad(loads) {
  const sorted = [...loads].sort((a, b) => a.blocking - b.blocking || a.longestTask - b.longestTask);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
  const browser = await launchBrowser();
  try {
    for (const url of args) {
      const loads = [];
      for (let i = 0; i < runs; i += 1) loads.push(await traceLoad(browser, url));
      for (const load of loads)
        console.log(
          `${url}: FCP ${load.fcp} ms, longest ${load.longestTask} ms, blocking ${load.blocking} ms, main thread ${load.mainThread} ms`,
        );
      console.log(JSON.stringify(medianLoad(loads), null, 2));
    }
  } finally {
    await browser.close();
  }
}
