// The public site in a real browser: a crawler from `/` that follows every internal link (0 dead
// links: none may fall to the unknown-path redirect to `/`), axe-core on every public page (0 serious or
// critical violations), screenshots at 375 px and 1280 px of each public page (test-results/screenshots/),
// and the contact form journey down to both emails in the mail catcher.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { PUBLIC_ROUTES, RESULTS_DIR, baseUrl, launchBrowser, newPage, readLatestMail, takeProblems, gotoApp } from './support/index.ts';

const SCREENSHOTS = join(RESULTS_DIR, 'screenshots');
const SUPPORT_EMAIL = (process.env.SUPPORT_EMAIL || 'support@redpen.local').toLowerCase();
/** Areas behind sign-in: a link there is checked to reach /login?redirect=<it>, never crawled further. */
const GUARDED = /^\/(student|tutor|admin)\//;

let browser: Browser;
let page: Page;
let phone: Page;
/** Pages rendered in the public layout (top bar + footer), found by the crawler. */
const publicPages = new Set<string>(PUBLIC_ROUTES);

before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  phone = await newPage(browser, { viewport: { width: 375, height: 812 } });
  mkdirSync(SCREENSHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
});

/** Opens `path` and waits until the app has rendered a heading (after any client-side redirect). */
async function open(p: Page, path: string): Promise<URL> {
  const res = await gotoApp(p, path);
  assert.equal(res?.status(), 200, `GET ${path} answers 200`);
  await p.getByRole('heading').first().waitFor({ state: 'visible' });
  await p.waitForLoadState('networkidle');
  return new URL(p.url());
}

async function isPublicLayout(p: Page): Promise<boolean> {
  return (await p.locator('header, [role="banner"]').count()) > 0 && (await p.locator('footer, [role="contentinfo"]').count()) > 0;
}

/** Same-origin links of the page (not /api, not mailto/tel), as path + search without the hash. */
async function internalLinks(p: Page): Promise<string[]> {
  const hrefs = await p.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const out = new Set<string>();
  for (const href of hrefs) {
    const u = new URL(href);
    if (u.origin !== baseUrl || u.pathname.startsWith('/api')) continue;
    out.add(u.pathname + u.search);
  }
  return [...out];
}

const fileName = (path: string, width: number) => `${path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}-${width}.png`;

describe('public site', () => {
  test('the crawler finds no dead internal link', async () => {
    const seen = new Map<string, string>(); // link → first page it was found on
    const queue: string[] = [];
    const enqueue = (link: string, from: string) => {
      if (seen.has(link)) return;
      seen.set(link, from);
      queue.push(link);
    };
    enqueue('/', '(start)');
    for (const path of PUBLIC_ROUTES) enqueue(path, '(public route table)');
    const dead: string[] = [];
    while (queue.length) {
      const link = queue.shift()!;
      const wanted = new URL(link, baseUrl);
      const at = await open(page, link);
      if (GUARDED.test(wanted.pathname)) {
        // Signed out, a dashboard link must reach the sign-in with the way back (not the unknown-path rule).
        if (at.pathname !== '/login') dead.push(`${link} (on ${seen.get(link)}) → ${at.pathname}${at.search}, expected /login`);
        continue;
      }
      if (at.pathname !== wanted.pathname) {
        dead.push(`${link} (on ${seen.get(link)}) → ${at.pathname}${at.search}`);
        continue;
      }
      const problems = takeProblems(page).filter((p) => p.kind !== 'console' || !/401|Unauthorized/.test(p.text));
      assert.deepEqual(problems, [], `${link}: the page reported errors:\n${problems.map((p) => `  [${p.kind}] ${p.text}`).join('\n')}`);
      if (await isPublicLayout(page)) publicPages.add(wanted.pathname);
      for (const next of await internalLinks(page)) enqueue(next, link);
    }
    assert.deepEqual(dead, [], `dead internal links (redirected elsewhere):\n  ${dead.join('\n  ')}`);
    assert.ok(publicPages.size >= PUBLIC_ROUTES.length, `the crawler reached the public pages (${[...publicPages].join(', ')})`);
    console.log(`# crawled ${seen.size} internal links (${[...seen.keys()].filter((l) => GUARDED.test(new URL(l, baseUrl).pathname)).length} into signed-in areas); ${publicPages.size} public pages`);
  });

  // Its own time bound: ~20 pages, each loaded at two widths, analysed by axe and photographed twice, took 116 s of
  // the run's 120 s default on a busy machine. Timed out, its loop would go on driving `page` under the next test.
  test('every public page: 0 serious or critical axe violations; screenshots at 1280 and 375 px', { timeout: 360_000 }, async () => {
    const failures: string[] = [];
    const desktop = async (path: string) => {
      await open(page, path);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        failures.push(`${path}: [${v.impact}] ${v.id} — ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')})`);
      }
      await page.screenshot({ path: join(SCREENSHOTS, fileName(path, 1280)), fullPage: true });
    };
    const mobile = async (path: string) => {
      await open(phone, path);
      await phone.screenshot({ path: join(SCREENSHOTS, fileName(path, 375)), fullPage: true });
      // At 375 px nothing may overflow sideways.
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 1) failures.push(`${path}: at 375 px the page is ${overflow} px wider than the viewport`);
    };
    for (const path of [...publicPages].sort()) {
      // The two widths are two pages of their own (two renderer processes): the phone page loads while axe
      // analyses the desktop one, instead of after it (this test was half of the browser step).
      await Promise.all([desktop(path), mobile(path)]);
    }
    assert.deepEqual(failures, [], `accessibility / layout problems:\n  ${failures.join('\n  ')}`);
  });

  test('the contact form delivers: success view, acknowledgement to the sender, message to support', async () => {
    const since = new Date(Date.now() - 2000);
    const sender = `e2e-contact-${Date.now()}@example.com`;
    const subject = `Browser journey ${Date.now()}`;
    await open(page, '/contact');
    const form = page.getByRole('form', { name: 'Contact form' });

    // Empty submit shows the spec's messages and sends nothing.
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Email is required').waitFor();

    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill(sender);
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Hello from the browser journey: does the contact form really deliver?');
    await form.getByRole('button', { name: 'Send message' }).click();

    const success = page.getByRole('status').filter({ hasText: 'Thank you for getting in touch' });
    await success.waitFor({ state: 'visible' });
    await page.screenshot({ path: join(SCREENSHOTS, 'contact-success-1280.png'), fullPage: true });

    const ack = await readLatestMail(sender, { since });
    assert.ok(ack.to.includes(sender), 'the acknowledgement goes to the sender');
    const toSupport = await readLatestMail(SUPPORT_EMAIL, { since });
    assert.match(`${toSupport.subject}\n${toSupport.text}\n${toSupport.html}`, new RegExp(subject), 'the support inbox gets the message with its subject');
    assert.match(`${toSupport.text}\n${toSupport.html}`, new RegExp(sender.replace(/[.]/g, '\\.')), "the support message carries the sender's address");

    // Send another message returns to an empty form.
    await page.getByRole('button', { name: 'Send another message' }).click();
    await form.getByLabel('Name').waitFor();
    assert.equal(await form.getByLabel('Subject').inputValue(), '');
    const problems = takeProblems(page);
    assert.deepEqual(problems, [], `/contact: the page reported errors:\n${problems.map((p) => `  [${p.kind}] ${p.text}`).join('\n')}`);
  });
});
