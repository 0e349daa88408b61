// Scenario `web`: the built web app served by the real backend (`node backend/dist/main.js`, SERVE_WEB=true,
// NODE_ENV=production, loopback). Measures
//   (a) the JavaScript `/` loads: every script response chromium receives (playwright-core, Debian's
//       chromium), each body gzipped (level 9) and summed; any dashboard/admin/auth chunk among them is flagged;
//   (b) Lighthouse 12 with its defaults (mobile emulation, simulated slow 4G + 4x CPU throttling), 3 runs per
//       page; the median of each figure is reported, with the JavaScript transferred (compressed, as served) on
//       the cold cache Lighthouse starts from.
// Pages: the signed-out ones (/, /pricing, /login) and the signed-in app as the demo accounts see it
// (/student/dashboard, /student/essays, /student/essay/{essay}: a reviewed essay of the demo student,
// /tutor/dashboard, /tutor/essay-pool, /admin/dashboard). For those the scenario uses a database of its own
// (redpen_bench_web, or BENCH_DATABASE_URL), seeds the demo accounts into it (seed-demo.mjs: the production-like
// backend refuses to seed them itself), signs each role in through the API and puts the session into the
// browser's localStorage (`token`, `user`, `currentRole`, as the app keeps it) before Lighthouse runs.
// Lighthouse 12's storage reset keeps localStorage (it clears only file systems, shader cache, service workers
// and cache storage) and clears the HTTP cache, so each run is signed in on a cold cache; its
// `disableStorageReset: true` would skip the cache clearing too, so it is not used.
// Goals: JS loaded by / ≤ 25 KB gzip; on the static public pages performance ≥ 95,
// accessibility 100, LCP ≤ 1.5 s, TBT ≤ 150 ms, CLS 0; on the sign-in forms (/login, /register) performance ≥ 90
// (their JS budget, 90 KB, is checked by the build: frontend/js-budgets.json); on the signed-in pages
// performance ≥ 90 and ≤ 150 KB of JavaScript transferred (the target of their build budgets).
// Settings: BENCH_WEB_RUNS (Lighthouse runs per page, default 3), BENCH_WEB_PAGES (comma list of paths, or
// `public` / `signed-in` for either group; `{essay}` stands for the demo student's reviewed essay),
// BENCH_WEB_NO_BUILD=1 (measure the current frontend/dist as it is).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, loadEnv, nodeBin, withDatabase } from '../../lib/env.mjs';
import { buildIfStale } from '../../lib/build.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/chromium.mjs';
import { fmt, machine, markdownTable, median, startBackend, textTable, writeResult } from '../lib.mjs';

export const name = 'web';
export const description = 'built web app via the backend: JS loaded by / (gzip) and Lighthouse 12 mobile on public pages and the signed-in app (student, tutor, admin)';

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS || 3));
const PAGE_GROUPS = {
  public: ['/', '/pricing', '/login'],
  'signed-in': ['/student/dashboard', '/student/essays', '/student/essay/{essay}', '/tutor/dashboard', '/tutor/essay-pool', '/admin/dashboard'],
};
const PAGES = (process.env.BENCH_WEB_PAGES || 'public,signed-in')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean)
  .flatMap((p) => (p in PAGE_GROUPS ? PAGE_GROUPS[/** @type {keyof typeof PAGE_GROUPS} */ (p)] : [p]));
const GOAL = { maxJsKB: 25, minPerformance: 95, minAccessibility: 100, maxLcpMs: 1500, maxTbtMs: 150, maxCls: 0 };
/** The app's pages (the sign-in forms) have their own performance goal; the other figures are the static pages' only. */
const APP_PAGES = /^\/(login|register|forgot-password)$/;
const APP_GOAL = { minPerformance: 90 };
/** The signed-in app: which demo account opens a page (by its first segment), and its goal. */
const ROLE_OF_PAGE = /^\/(student|tutor|admin)\//;
const SIGNED_IN_GOAL = { minPerformance: 90, maxJsTransferKB: 150 };
/** The seeded demo accounts (backend/src/infra/database/seed/demo-data.ts). */
const DEMO = {
  student: { email: 'student@redpen.local', password: 'Student!2345' },
  tutor: { email: 'tutor@redpen.local', password: 'Tutor!2345' },
  admin: { email: 'admin@redpen.local', password: 'Admin!2345' },
};
/** @typedef {keyof typeof DEMO} DemoRole */
/** @typedef {{ role: DemoRole, token: string, user: Record<string, unknown> }} BenchSession */

/** @param {string} path @returns {DemoRole | null} */
const roleOfPage = (path) => /** @type {DemoRole | null} */ (ROLE_OF_PAGE.exec(path)?.[1] ?? null);
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
 * Seeds the demo accounts into the scenario's database (a child process: seed-demo.mjs), once.
 * @param {string} databaseUrl @param {NodeJS.ProcessEnv} childEnv @param {(line: string) => void} log
 */
async function seedDemo(databaseUrl, childEnv, log) {
  const { code, output } = await new Promise((resolve, reject) => {
    const child = spawn(nodeBin(), [join(ROOT, 'scripts', 'bench', 'seed-demo.mjs')], {
      cwd: join(ROOT, 'backend'),
      env: { ...childEnv, NODE_ENV: 'development', DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (c) => resolve({ code: c, output: out.trim() }));
  });
  if (code !== 0) throw new Error(`seeding the demo accounts failed (exit ${code}): ${output}`);
  log(output);
}

/**
 * Signs a demo account in through the API, as the sign-in form does: the session, then the profile flags merged
 * into the stored user.
 * @param {string} url @param {DemoRole} role @returns {Promise<BenchSession>}
 */
async function signIn(url, role) {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO[role]) });
  const body = /** @type {{ token?: string, user?: Record<string, unknown> }} */ (await res.json());
  if (res.status !== 200 || !body.token || !body.user) throw new Error(`the demo ${role} could not sign in: ${res.status} ${JSON.stringify(body)} (are the demo accounts seeded?)`);
  const flags = /** @type {{ student?: boolean, tutor?: boolean }} */ (await (await fetch(`${url}/api/auth/checkProfiles`, { headers: { authorization: `Bearer ${body.token}` } })).json());
  return { role, token: body.token, user: { ...body.user, profiles: { student: flags.student === true, tutor: flags.tutor === true } } };
}

/**
 * The id of a reviewed (completed) essay of the demo student, for /student/essay/{essay}.
 * @param {string} url @param {BenchSession} student
 */
async function reviewedEssayId(url, student) {
  const res = await fetch(`${url}/api/student/essays/completed`, { headers: { authorization: `Bearer ${student.token}` } });
  const body = /** @type {unknown} */ (await res.json());
  const list = /** @type {{ _id?: string, id?: string, status?: string }[]} */ (Array.isArray(body) ? body : (Object.values(/** @type {object} */ (body)).find(Array.isArray) ?? []));
  const essay = list.find((e) => e.status === 'completed') ?? list[0];
  const id = essay?._id ?? essay?.id;
  if (res.status !== 200 || !id) throw new Error(`no reviewed essay of the demo student: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return id;
}

/**
 * Puts `session` into the origin's localStorage in the chrome on `port`, from a page that loads no script (the
 * health check), so nothing of the app is cached before Lighthouse clears the cache anyway.
 * @param {number} port @param {string} origin @param {BenchSession} session
 */
async function storeSession(port, origin, session) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/api/health/ready`);
    await page.evaluate(
      (token, user, role) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
        localStorage.setItem('currentRole', role);
      },
      session.token,
      JSON.stringify(session.user),
      session.role,
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * One Lighthouse run in a fresh chrome (as the CLI does), signed in as `session` when given; a trace flake of
 * headless chrome (NO_FCP, NO_NAVSTART, …) is retried.
 * @param {string} target
 * @param {BenchSession | null} [session]
 */
async function lighthouseOnce(target, session = null) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (let attempt = 1; ; attempt++) {
    const userDataDir = mkdtempSync(join(tmpdir(), 'redpen-lh-'));
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, userDataDir });
    try {
      if (session) await storeSession(chrome.port, new URL(target).origin, session);
      // The default storage reset (not disableStorageReset): it keeps localStorage and clears the HTTP cache.
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
 * @param {{ sessions: Partial<Record<DemoRole, BenchSession>>, essayId: string | null }} signedIn
 */
async function runLighthouse(url, log, { sessions, essayId }) {
  const pages = [];
  for (const pattern of PAGES) {
    const path = pattern.replace('{essay}', essayId ?? '{essay}');
    const role = roleOfPage(path);
    const session = role ? (sessions[role] ?? null) : null;
    /** @type {{ performance: number, accessibility: number, fcpMs: number, lcpMs: number, tbtMs: number, cls: number, speedIndexMs: number, transferKB: number, jsTransferKB: number, jsRequests: number, textCompression: boolean, failedA11y: string[] }[]} */
    const runs = [];
    for (let i = 1; i <= RUNS; i++) {
      const lhr = await lighthouseOnce(url + path, session);
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      if (finalPath !== path) throw new Error(`Lighthouse on ${path} ended on ${finalPath}${session ? ` (signed in as the demo ${session.role}): the session did not hold` : ''}`);
      const a = lhr.audits;
      const scripts = /** @type {{ resourceType: string, transferSize: number, requestCount: number }[]} */ (/** @type {{ items?: unknown[] }} */ (a['resource-summary']?.details ?? {}).items ?? []).find((r) => r.resourceType === 'script');
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
        jsTransferKB: Number(((scripts?.transferSize ?? 0) / 1024).toFixed(1)),
        jsRequests: scripts?.requestCount ?? 0,
        textCompression: a['uses-text-compression'].score === 1,
        failedA11y: lhr.categories.accessibility.auditRefs.filter((r) => r.weight > 0 && a[r.id]?.score === 0).map((r) => r.id),
      };
      log(`lighthouse ${path} run ${i}/${RUNS}: performance ${run.performance}, accessibility ${run.accessibility}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, ${run.transferKB} KB transferred (JS ${run.jsTransferKB} KB in ${run.jsRequests} files)`);
      runs.push(run);
    }
    /** @param {'performance' | 'accessibility' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'speedIndexMs' | 'transferKB' | 'jsTransferKB' | 'jsRequests'} k */
    const med = (k) => median(runs.map((r) => r[k]));
    pages.push({
      path: pattern,
      url: path,
      signedInAs: session?.role ?? null,
      runs,
      median: { performance: med('performance'), accessibility: med('accessibility'), fcpMs: med('fcpMs'), lcpMs: med('lcpMs'), tbtMs: med('tbtMs'), cls: med('cls'), speedIndexMs: med('speedIndexMs'), transferKB: med('transferKB'), jsTransferKB: med('jsTransferKB'), jsRequests: med('jsRequests') },
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
  const roles = /** @type {DemoRole[]} */ ([...new Set(PAGES.map(roleOfPage).filter((r) => r !== null))]);
  // The signed-in pages need the demo accounts: a database of the scenario's own, seeded once.
  if (roles.length) process.env.BENCH_DATABASE_URL ||= withDatabase(loadEnv().env.DATABASE_URL, 'redpen_bench_web');
  // Staff accounts need a second factor in production by default; the bench signs the admin in with a password.
  const server = await startBackend({ env: { SERVE_WEB: 'true', ...(roles.length ? { TWO_FACTOR_POLICY: 'optional' } : {}) }, log });
  try {
    const home = await fetch(server.url + '/');
    if (home.status !== 200 || !/text\/html/.test(home.headers.get('content-type') || '')) throw new Error(`GET / on the backend answered ${home.status} ${home.headers.get('content-type')}: is SERVE_WEB working?`);
    /** @type {Partial<Record<DemoRole, BenchSession>>} */
    const sessions = {};
    let essayId = null;
    if (roles.length) {
      await seedDemo(/** @type {string} */ (process.env.BENCH_DATABASE_URL), childEnv, log);
      for (const role of roles) sessions[role] = await signIn(server.url, role);
      if (PAGES.some((p) => p.includes('{essay}')) && sessions.student) essayId = await reviewedEssayId(server.url, sessions.student);
      log(`signed in as ${roles.join(', ')}${essayId ? `; the demo student's reviewed essay: ${essayId}` : ''}`);
    }
    const js = await measureHomeJs(server.url, log);
    const lighthouse = await runLighthouse(server.url, log, { sessions, essayId });
    const { createRequire } = await import('node:module');
    const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;

    const goals = {
      js: js.totalGzipKB <= GOAL.maxJsKB && js.leakedChunks.length === 0,
      pages: lighthouse.map((p) =>
        p.signedInAs
          ? { path: p.path, performance: p.median.performance >= SIGNED_IN_GOAL.minPerformance, accessibility: true, lcp: true, tbt: true, cls: true, js: p.median.jsTransferKB <= SIGNED_IN_GOAL.maxJsTransferKB }
          : APP_PAGES.test(p.path)
          ? { path: p.path, performance: p.median.performance >= APP_GOAL.minPerformance, accessibility: true, lcp: true, tbt: true, cls: true, js: true }
          : {
              path: p.path,
              performance: p.median.performance >= GOAL.minPerformance,
              accessibility: p.median.accessibility >= GOAL.minAccessibility,
              lcp: p.median.lcpMs <= GOAL.maxLcpMs,
              tbt: p.median.tbtMs <= GOAL.maxTbtMs,
              cls: p.median.cls <= GOAL.maxCls,
              js: true,
            },
      ),
    };
    /** @param {boolean} ok */
    const mark = (ok) => (ok ? '' : ' ✗');
    const header = ['page', 'signed in as', 'performance', 'accessibility', 'FCP (s)', 'LCP (s)', 'TBT (ms)', 'CLS', 'JS transferred (KB)', 'performance per run'];
    const rows = lighthouse.map((p, i) => [
      p.path,
      p.signedInAs ?? '—',
      `${p.median.performance}${mark(goals.pages[i].performance)}`,
      `${p.median.accessibility}${mark(goals.pages[i].accessibility)}`,
      fmt(p.median.fcpMs / 1000, 2),
      `${fmt(p.median.lcpMs / 1000, 2)}${mark(goals.pages[i].lcp)}`,
      `${fmt(p.median.tbtMs)}${mark(goals.pages[i].tbt)}`,
      `${fmt(p.median.cls, 3)}${mark(goals.pages[i].cls)}`,
      `${fmt(p.median.jsTransferKB, 1)}${mark(goals.pages[i].js)}`,
      p.runs.map((r) => r.performance).join(', '),
    ]);
    const date = new Date().toISOString();
    const m = machine();
    /** @type {Record<string, unknown>} */
    const data = { scenario: name, date, command, machine: m, lighthouseVersion, runsPerPage: RUNS, goal: { ...GOAL, appPages: APP_GOAL, signedInPages: SIGNED_IN_GOAL }, js, lighthouse, goals };
    const file = writeResult(name, data);

    const jsLine = `JavaScript loaded by /: ${fmt(js.totalGzipKB, 1)} KB gzip in ${js.files} files (${fmt(js.totalRawKB, 1)} KB raw; goal ≤ ${GOAL.maxJsKB} KB) ${js.totalGzipKB <= GOAL.maxJsKB ? 'met' : 'NOT met'}${js.leakedChunks.length ? `; dashboard/auth chunks loaded: ${js.leakedChunks.join(', ')}` : '; no dashboard/admin/auth chunk loaded'}`;
    console.log('\n' + jsLine);
    console.log(textTable([['script', 'raw KB', 'gzip KB'], ...js.scripts.slice(0, 8).map((s) => [s.file, fmt(s.bytes / 1024, 1), fmt(s.gzipBytes / 1024, 1)])]));
    console.log(`\nLighthouse ${lighthouseVersion}, default (mobile) settings, median of ${RUNS} runs (✗ = goal missed):\n`);
    console.log(textTable([header, ...rows]));
    const notes = [];
    const uncompressed = lighthouse.filter((p) => !p.textCompression).map((p) => p.path);
    if (uncompressed.length) notes.push(`a text response (JS, HTML, JSON) travels without compression: Lighthouse flags uses-text-compression on ${uncompressed.join(', ')}`);
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
