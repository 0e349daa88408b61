// Scenario `web-tasks`: where the main thread's time goes while a prerendered page starts, to find what makes
// Lighthouse's Total Blocking Time. Lighthouse (scenario `web`) simulates a 4× slower CPU by multiplying the
// tasks it observed unthrottled; so any task over 12.5 ms here becomes "blocking" there. For each page
// (BENCH_WEB_PAGES, default /,/pricing,/login) and run (BENCH_WEB_RUNS, default 3) this loads the built web app
// from the real backend in Debian's chromium (mobile viewport, no throttling), records a trace and lists the
// main-thread tasks over 12.5 ms with what they spent their time on (layout, style, script by file, timers…),
// plus the sum of (4 × duration − 50 ms) over them, a rough stand-in for Lantern's TBT.
import { loadEnv } from '../../lib/env.mjs';
import { buildIfStale } from '../../lib/build.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/chromium.mjs';
import { fmt, machine, median, startBackend, textTable, writeResult } from '../lib.mjs';

export const name = 'web-tasks';
export const description = 'prerendered pages: main-thread tasks over 12.5 ms while they start (what Lighthouse turns into TBT)';

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS || 3));
const PAGES = (process.env.BENCH_WEB_PAGES || '/,/pricing,/login').split(',').map((p) => p.trim()).filter(Boolean);
/** Lighthouse's simulated CPU slowdown and the 50 ms a task may take before it blocks. */
const SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;
const TASK_MS = BLOCKING_AFTER_MS / SLOWDOWN;

/** @typedef {{ name: string, ph: string, ts: number, dur: number, tid: number, pid: number, id?: string, id2?: { local?: string }, args?: any }} TraceEvent */

/**
 * One load of `url`: the main thread's tasks over TASK_MS, each with its largest kinds of work.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function traceTasks(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  try {
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel', 'blink.user_timing'] });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Islands mount after their modules load; give the page time to settle (html[data-app=ready], then timers).
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.waitForTimeout(1000);
    const { traceEvents } = /** @type {{ traceEvents: TraceEvent[] }} */ (JSON.parse((await browser.stopTracing()).toString()));
    // The page's main thread: the one that parsed the HTML (the renderer of about:blank is another process).
    const parses = traceEvents.filter((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(url));
    const mainThread = parses[0]?.tid;
    const start = Math.min(...parses.map((e) => e.ts));
    const events = traceEvents.filter((e) => e.tid === mainThread && e.pid === parses[0]?.pid && e.ph === 'X');
    // The app's start-up steps (User Timing measures `redpen:<step>`, see frontend/src/main.tsx and boot.tsx).
    /** @type {{ name: string, from: number, to: number }[]} */
    const steps = [];
    for (const begin of traceEvents.filter((e) => e.ph === 'b' && e.name.startsWith('redpen:'))) {
      const end = traceEvents.find((e) => e.ph === 'e' && e.name === begin.name && e.id2?.local === begin.id2?.local && e.id === begin.id);
      if (end) steps.push({ name: begin.name.slice('redpen:'.length), from: begin.ts, to: end.ts });
    }
    return events
      .filter((e) => e.name === 'RunTask' && e.dur / 1000 > TASK_MS)
      .map((task) => {
        /** @type {Record<string, number>} */
        const work = {};
        for (const e of events) {
          if (e === task || e.name === 'RunTask' || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur || e.dur < 1000) continue;
          const file = e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : '';
          work[e.name + file] = (work[e.name + file] ?? 0) + e.dur / 1000;
        }
        const top = Object.entries(work)
          .filter(([k]) => !k.startsWith('ThreadControllerImpl::'))
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([k, v]) => `${k} ${fmt(v, 1)}`);
        const during = steps.filter((s) => s.from < task.ts + task.dur && s.to > task.ts).map((s) => s.name);
        return { atMs: Math.round((task.ts - start) / 1000), ms: Number((task.dur / 1000).toFixed(1)), steps: during, top };
      });
  } finally {
    await context.close();
  }
}

/** @param {import('../lib.mjs').ScenarioContext} context */
export async function run({ log, command }) {
  const { childEnv } = loadEnv();
  await buildIfStale(['frontend'], { env: childEnv, log, force: process.env.BENCH_WEB_NO_BUILD !== '1' });
  const server = await startBackend({ env: { SERVE_WEB: 'true' }, log });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const pages = [];
    for (const path of PAGES) {
      const runs = [];
      for (let i = 1; i <= RUNS; i++) {
        const tasks = await traceTasks(browser, server.url + path);
        const blockingMs = Math.round(tasks.reduce((sum, t) => sum + Math.max(0, SLOWDOWN * t.ms - BLOCKING_AFTER_MS), 0));
        log(`${path} run ${i}/${RUNS}: ${tasks.length} tasks over ${TASK_MS} ms, ≈${blockingMs} ms blocking at ${SLOWDOWN}×`);
        runs.push({ tasks, blockingMs });
      }
      pages.push({ path, runs, medianBlockingMs: median(runs.map((r) => r.blockingMs)) });
    }
    const data = { scenario: name, date: new Date().toISOString(), command, machine: machine(), pages };
    const file = writeResult(name, data);
    for (const p of pages) {
      const last = p.runs.at(-1);
      if (!last) continue;
      console.log(`\n${p.path}: median ≈${p.medianBlockingMs} ms blocking at ${SLOWDOWN}× (all tasks, including before first paint); last run:`);
      console.log(textTable([['at (ms)', 'task (ms)', 'start-up step', 'mostly'], ...last.tasks.map((t) => [String(t.atMs), fmt(t.ms, 1), t.steps.join(', ') || '-', t.top.join(', ')])]));
    }
    console.log(`\nResults: ${file}`);
    return { ok: true, data };
  } finally {
    await browser.close();
    await server.stop();
  }
}
