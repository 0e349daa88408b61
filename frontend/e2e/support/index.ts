// Shared helpers for the browser journeys (node --test + playwright-core + Debian's chromium).
// Plain erasable TypeScript: Node 24 runs this file directly (type stripping), no build step.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium.mjs';

export * from './routes.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const RESULTS_DIR = join(HERE, '..', '..', 'test-results');

/** Origin of the platform under test (set by e2e/run.mjs). */
export const baseUrl: string = (process.env.E2E_BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
/** The platform's log file, when e2e/run.mjs started it (unset against a platform started elsewhere). */
export const serverLogPath: string | undefined = process.env.E2E_SERVER_LOG || undefined;
export const mailCatcherUrl: string = (process.env.MAIL_CATCHER_URL || 'http://127.0.0.1:1080').replace(/\/$/, '');

// Playwright's launch() gives every browser a fresh temporary user-data-dir.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
}

export interface PageProblem {
  /** `frameerror`: an uncaught exception whose stack lies wholly in another origin's frame (see `errorKind`). */
  kind: 'console' | 'pageerror' | 'frameerror' | 'requestfailed' | 'http';
  text: string;
  url: string;
}

const problems = new WeakMap<Page, PageProblem[]>();

/** A new page in a fresh context (no storage), en-GB, London time, reduced motion, console errors recorded. */
export async function newPage(browser: Browser, options: { viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(30_000);
  const list: PageProblem[] = [];
  problems.set(page, list);
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const at = msg.location()?.url;
    list.push({ kind: 'console', text: at && at !== page.url() ? `${msg.text()} (${at})` : msg.text(), url: page.url() });
  });
  // Whether a frame of another origin (the storage link in the file viewer) has been on the page.
  let foreignFrame = false;
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() && !isAppUrl(frame.url()) && /^https?:/.test(frame.url())) foreignFrame = true;
  });
  page.on('pageerror', (err) => {
    const scripts = stackScripts(err);
    list.push({ kind: errorKind(scripts, foreignFrame), text: scripts.length ? `${err.message} (at ${scripts[0]})` : err.message, url: page.url() });
  });
  // The console only says "Failed to load resource: 404"; record which URL answered an error status.
  page.on('response', (res) => {
    if (res.status() >= 400) list.push({ kind: 'http', text: `${res.status()} ${res.request().method()} ${res.url()}`, url: page.url() });
  });
  page.on('requestfailed', (req) => {
    const failure = req.failure()?.errorText ?? '';
    // Navigations away abort in-flight requests; that is not an error of the page.
    if (!/ERR_ABORTED/.test(failure)) list.push({ kind: 'requestfailed', text: `${req.method()} ${req.url()} ${failure}`, url: page.url() });
  });
  return page;
}

/**
 * Playwright reports exceptions of every frame of the page, out-of-process ones included. The file viewer frames a
 * short-lived link on the storage endpoint, which Chromium renders with its own PDF viewer. Journeys failed twice
 * on "Cannot read properties of null (reading 'getItem')" on the essay page after the viewer was open, an exception
 * with no script in its stack, while every storage read of the app is null-safe: the browser's own viewer is
 * the likely source. So an exception is the app's (`pageerror`, failing a
 * journey) when its stack names a script of the app's origin, or names none on a page that never framed another
 * origin; otherwise it is recorded as `frameerror`. The app's own exceptions always name its bundles.
 */
function errorKind(scripts: string[], foreignFrame: boolean): 'pageerror' | 'frameerror' {
  if (scripts.length === 0) return foreignFrame ? 'frameerror' : 'pageerror';
  return scripts.some(isAppUrl) ? 'pageerror' : 'frameerror';
}

function isAppUrl(url: string): boolean {
  return url.startsWith(`${new URL(baseUrl).origin}/`);
}

/** The script URLs an exception's stack names, innermost first. */
function stackScripts(err: Error): string[] {
  return [...(err.stack ?? '').matchAll(/\b((?:https?|chrome|chrome-extension):\/\/[^\s)]+)/g)].map((m) => m[1]);
}

/**
 * Opens `path` and waits until it is interactive (`html[data-app="ready"]`, set once React has rendered, or on a
 * prerendered page once its islands have mounted). Prerendered pages show their content before that, so typing or
 * clicking sooner would race their scripts.
 */
export async function gotoApp(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path, { waitUntil: 'load' });
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  return response;
}

/** Console errors, uncaught exceptions and failed requests seen on the page since the last call. */
export function takeProblems(page: Page): PageProblem[] {
  const list = problems.get(page) ?? [];
  return list.splice(0, list.length);
}

/** Saves a full-page screenshot to frontend/test-results/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name.replace(/[^a-z0-9._-]+/gi, '_').replace(/^_+|_+$/g, '') || 'root'}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Path + search of the page's URL, e.g. "/login?redirect=%2Fstudent%2Fdashboard". */
export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

export interface CaughtMail {
  id: string;
  subject: string;
  from: string;
  to: string[];
  text: string;
  html: string;
  date: string;
}

interface MaildevAddress { address: string; name?: string }
interface MaildevMail {
  id: string;
  subject: string;
  from?: MaildevAddress[];
  to?: MaildevAddress[];
  text?: string;
  html?: string;
  date?: string;
  time?: string;
}

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return res.json();
}

/**
 * maildev (`GET /email`, filtered by the catcher to the address `to` when given: the inbox grows with every run beside
 * the journeys); falls back to mailpit's API (`/api/v1/messages`) when the catcher is mailpit.
 */
async function listMail(to?: string): Promise<CaughtMail[]> {
  try {
    const query = to ? `?${new URLSearchParams({ 'to.address': to })}` : '';
    const list = (await fetchJson(`${mailCatcherUrl}/email${query}`)) as MaildevMail[];
    return list.map((m) => ({
      id: m.id,
      subject: m.subject,
      from: m.from?.map((a) => a.address).join(', ') ?? '',
      to: m.to?.map((a) => a.address.toLowerCase()) ?? [],
      text: m.text ?? '',
      html: m.html ?? '',
      date: m.date ?? m.time ?? '',
    }));
  } catch (maildevError) {
    let data: { messages?: Array<{ ID: string; Subject: string; From?: { Address: string }; To?: Array<{ Address: string }>; Created: string }> };
    try {
      data = (await fetchJson(`${mailCatcherUrl}/api/v1/messages`)) as typeof data;
    } catch {
      throw maildevError;
    }
    const out: CaughtMail[] = [];
    for (const m of data.messages ?? []) {
      const full = (await fetchJson(`${mailCatcherUrl}/api/v1/message/${m.ID}`)) as { Text?: string; HTML?: string };
      out.push({
        id: m.ID,
        subject: m.Subject,
        from: m.From?.Address ?? '',
        to: (m.To ?? []).map((a) => a.Address.toLowerCase()),
        text: full.Text ?? '',
        html: full.HTML ?? '',
        date: m.Created,
      });
    }
    return out;
  }
}

/**
 * The newest message caught for `to`, polling until one arrives (after `since`, when given) or
 * `timeoutMs` passes; throws then.
 */
export async function readLatestMail(to: string, { timeoutMs = 15_000, since }: { timeoutMs?: number; since?: Date } = {}): Promise<CaughtMail> {
  const want = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await listMail(want))
      .filter((m) => m.to.includes(want))
      .filter((m) => !since || (m.date && new Date(m.date) >= since))
      .sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime());
    if (mails.length) return mails[0];
    if (Date.now() > deadline) throw new Error(`No mail for ${to} arrived at ${mailCatcherUrl} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
