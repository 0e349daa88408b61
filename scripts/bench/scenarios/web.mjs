// Scenario `web`: the built web app served by the real backend (`node backend/dist/main.js`, SERVE_WEB=true,
// NODE_ENV=production, loopback). Measures
//   (a) the JavaScript `/` loads: every script response chromium receives (playwright-core, Debian's
//       chromium), each body gzipped (level 9) and summed; any dashboard/admin/auth chunk among them is flagged;
//   (b) Lighthouse 12 with its defaults (mobile emulation, simulated slow 4G + 4x CPU throttling), 3 runs per
//       page on /, /pricing and /login; the median of each figure is reported.
// Goals: JS loaded by / ≤ 25 KB gzip; on the static public pages performance ≥ 95,
// accessibility 100, LCP ≤ 1.5 s, TBT ≤ 150 ms, CLS 0; on the sign-in forms (/login, /register) performance ≥ 90
// (their JS budget, 90 KB, is checked by the build: frontend/js-budgets.json). Settings: BENCH_WEB_RUNS
// (Lighthouse runs per page, default 3), BENCH_WEB_PAGES (comma list).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadEnv } from '../../lib/env.mjs';
import { buildIfStale } from '../../lib/build.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/chromium.mjs';
import { fmt, machine, markdownTable, median, startBackend, textTable, writeResult } from '../lib.mjs';

export const name = 'web';
export const description = 'built web app via the backend: JS loaded by / (gzip) and Lighthouse 12 mobile on /, /pricing, /login';

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS || 3));
const PAGES = (process.env.BENCH_WEB_PAGES || '/,/pricing,/login').split(',').map((p) => p.trim()).filter(Boolean);
const GOAL = { maxJsKB: 25, minPerformance: 95, minAccessibility: 100, maxLcpMs: 1500, maxTbtMs: 150, maxCls: 0 };
/** The app's pages (the sign-in forms) have their own performance goal; the other figures are the static pages' only. */
const APP_PAGES = /^\/(login|register|forgot-password)$/;
const APP_GOAL = { minPerformance: 90 };
// Chunks that must not load on `/` (route-level splitting): dashboard layouts, admin/student/tutor/auth pages.
const NOT_ON_HOME = /(Dashboard|_admin|_student|_tutor|_auth|admin|login|register|onboarding)/i;

/** @typedef {{ file: string, status: number, bytes: number, gzipBytes: number, encoding: string | null }} ScriptLoad */

/**
 * (a) Every script `/` loads, gzipped.
 * @param {string} url
 * @param {(line: string) => void} log
 */
async function measureHomeJs(url, log) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    /** @type {Promise<ScriptLoad | null>[]} */
    const pending = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        res.body().then(
          (body) => ({ file: new URL(res.url()).pathname, status: res.status(), bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length, encoding: res.headers()['content-encoding'] ?? null }),
          () => null,
        ),
      );
    });
    await page.goto(url + '/', { waitUntil: 'networkidle' });
    // Let lazy route chunks and the motion's intersection observers settle; scroll to the end once so
    // anything loaded on scroll counts too.
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)'); // runs in the page
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).filter((s) => s !== null).sort((a, b) => b.gzipBytes - a.gzipBytes);
    const totalGzip = scripts.reduce((n, s) => n + s.gzipBytes, 0);
    const totalRaw = scripts.reduce((n, s) => n + s.bytes, 0);
    const leaked = scripts.filter((s) => NOT_ON_HOME.test(s.file)).map((s) => s.file);
    log(`/ loaded ${scripts.length} scripts: ${fmt(totalGzip / 1024, 1)} KB gzip (${fmt(totalRaw / 1024, 1)} KB raw)`);
    return { files: scripts.length, totalGzipKB: Number((totalGzip / 1024).toFixed(1)), totalRawKB: Number((totalRaw / 1024).toFixed(1)), servedEncoding: scripts[0]?.encoding ?? null, leakedChunks: leaked, scripts };
  } finally {
    await browser.close();
  }
}

/**
 * One Lighthouse run in a fresh chrome (as the CLI does); a trace flake of headless chrome (NO_FCP, NO_NAVSTART, …) is retried.
 * @param {string} target
 */
async function lighthouseOnce(target) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (let attempt = 1; ; attempt++) {
    const userDataDir = mkdtempSync(join(tmpdir(), 'redpen-lh-'));
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, userDataDir });
    try {
      const result = await lighthouse(target, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      if (!result) throw new Error(`Lighthouse on ${target} returned nothing`);
      const { lhr } = result;
      if (!lhr.runtimeError) return lhr;
      if (attempt >= 3 || !['NO_FCP', 'NO_NAVSTART', 'NO_LCP', 'PROTOCOL_TIMEOUT'].includes(lhr.runtimeError.code)) throw new Error(`Lighthouse on ${target}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    } finally {
      await chrome.kill();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  }
}

/**
 * (b) RUNS Lighthouse runs per page; returns per-page runs and medians.
 * @param {string} url
 * @param {(line: string) => void} log
 */
async function runLighthouse(url, log) {
  const pages = [];
  for (const path of PAGES) {
    /** @type {{ performance: number, accessibility: number, fcpMs: number, lcpMs: number, tbtMs: number, cls: number, speedIndexMs: number, transferKB: number, textCompression: boolean, failedA11y: string[] }[]} */
    const runs = [];
    for (let i = 1; i <= RUNS; i++) {
      const lhr = await lighthouseOnce(url + path);
      const a = lhr.audits;
      /** @param {string} id */
      const num = (id) => a[id]?.numericValue ?? NaN;
      const run = {
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        fcpMs: Math.round(num('first-contentful-paint')),
        lcpMs: Math.round(num('largest-contentful-paint')),
        tbtMs: Math.round(num('total-blocking-time')),
        cls: Number(num('cumulative-layout-shift').toFixed(3)),
        speedIndexMs: Math.round(num('speed-index')),
        transferKB: Math.round((a['total-byte-weight'].numericValue ?? 0) / 1024),
        textCompression: a['uses-text-compression'].score === 1,
        failedA11y: lhr.categories.accessibility.auditRefs.filter((r) => r.weight > 0 && a[r.id]?.score === 0).map((r) => r.id),
      };
      log(`lighthouse ${path} run ${i}/${RUNS}: performance ${run.performance}, accessibility ${run.accessibility}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, ${run.transferKB} KB transferred`);
      runs.push(run);
    }
    /** @param {'performance' | 'accessibility' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'speedIndexMs' | 'transferKB'} k */
    const med = (k) => median(runs.map((r) => r[k]));
    pages.push({
      path,
      runs,
      median: { performance: med('performance'), accessibility: med('accessibility'), fcpMs: med('fcpMs'), lcpMs: med('lcpMs'), tbtMs: med('tbtMs'), cls: med('cls'), speedIndexMs: med('speedIndexMs'), transferKB: med('transferKB') },
      textCompression: runs.every((r) => r.textCompression),
      failedA11y: [...new Set(runs.flatMap((r) => r.failedA11y))],
    });
  }
  return pages;
}

/** @param {import('../lib.mjs').ScenarioContext} context */
export async function run({ log, command }) {
  const { childEnv } = loadEnv();
  // The scenario measures what the sources build to now: always rebuild the web app (≈2 s).
  await buildIfStale(['frontend'], { env: childEnv, log, force: process.env.BENCH_WEB_NO_BUILD !== '1' });
  process.env.CHROME_PATH ||= CHROMIUM_PATH;
  const server = await startBackend({ env: { SERVE_WEB: 'true' }, log });
  try {
    const home = await fetch(server.url + '/');
    if (home.status !== 200 || !/text\/html/.test(home.headers.get('content-type') || '')) throw new Error(`GET / on the backend answered ${home.status} ${home.headers.get('content-type')}: is SERVE_WEB working?`);
    const js = await measureHomeJs(server.url, log);
    const lighthouse = await runLighthouse(server.url, log);
    const { createRequire } = await import('node:module');
    const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;

    const goals = {
      js: js.totalGzipKB <= GOAL.maxJsKB && js.leakedChunks.length === 0,
      pages: lighthouse.map((p) =>
        APP_PAGES.test(p.path)
          ? { path: p.path, performance: p.median.performance >= APP_GOAL.minPerformance, accessibility: true, lcp: true, tbt: true, cls: true }
          : {
              path: p.path,
              performance: p.median.performance >= GOAL.minPerformance,
              accessibility: p.median.accessibility >= GOAL.minAccessibility,
              lcp: p.median.lcpMs <= GOAL.maxLcpMs,
              tbt: p.median.tbtMs <= GOAL.maxTbtMs,
              cls: p.median.cls <= GOAL.maxCls,
            },
      ),
    };
    /** @param {boolean} ok */
    const mark = (ok) => (ok ? '' : ' ✗');
    const header = ['page', 'performance', 'accessibility', 'FCP (s)', 'LCP (s)', 'TBT (ms)', 'CLS', 'performance per run'];
    const rows = lighthouse.map((p, i) => [
      p.path,
      `${p.median.performance}${mark(goals.pages[i].performance)}`,
      `${p.median.accessibility}${mark(goals.pages[i].accessibility)}`,
      fmt(p.median.fcpMs / 1000, 2),
      `${fmt(p.median.lcpMs / 1000, 2)}${mark(goals.pages[i].lcp)}`,
      `${fmt(p.median.tbtMs)}${mark(goals.pages[i].tbt)}`,
      `${fmt(p.median.cls, 3)}${mark(goals.pages[i].cls)}`,
      p.runs.map((r) => r.performance).join(', '),
    ]);
    const date = new Date().toISOString();
    const m = machine();
    /** @type {Record<string, unknown>} */
    const data = { scenario: name, date, command, machine: m, lighthouseVersion, runsPerPage: RUNS, goal: { ...GOAL, appPages: APP_GOAL }, js, lighthouse, goals };
    const file = writeResult(name, data);

    const jsLine = `JavaScript loaded by /: ${fmt(js.totalGzipKB, 1)} KB gzip in ${js.files} files (${fmt(js.totalRawKB, 1)} KB raw; goal ≤ ${GOAL.maxJsKB} KB) ${js.totalGzipKB <= GOAL.maxJsKB ? 'met' : 'NOT met'}${js.leakedChunks.length ? `; dashboard/auth chunks loaded: ${js.leakedChunks.join(', ')}` : '; no dashboard/admin/auth chunk loaded'}`;
    console.log('\n' + jsLine);
    console.log(textTable([['script', 'raw KB', 'gzip KB'], ...js.scripts.slice(0, 8).map((s) => [s.file, fmt(s.bytes / 1024, 1), fmt(s.gzipBytes / 1024, 1)])]));
    console.log(`\nLighthouse ${lighthouseVersion}, default (mobile) settings, median of ${RUNS} runs (✗ = goal missed):\n`);
    console.log(textTable([header, ...rows]));
    const notes = [];
    if (lighthouse.some((p) => !p.textCompression)) notes.push('the server sends text assets (JS, HTML) without compression: Lighthouse flags uses-text-compression');
    for (const p of lighthouse) if (p.failedA11y.length) notes.push(`${p.path}: failed accessibility audits: ${p.failedA11y.join(', ')}`);
    data.notes = notes;
    writeResult(name, data);
    for (const n of notes) console.log(`note: ${n}`);
    console.log(`\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
    console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, Lighthouse ${lighthouseVersion}, Debian chromium; \`${command}\`.\n`);
    console.log(`${jsLine}\n`);
    console.log(markdownTable([header, ...rows]));
    console.log('');
    for (const n of notes) console.log(`Note: ${n}.`);
    return { ok: true, data };
  } finally {
    await server.stop();
  }
}
