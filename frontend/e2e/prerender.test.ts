// The prerendered pages (the public site and the sign-in forms, frontend/scripts/prerender.mjs) in a real browser:
// the HTML itself carries the page (compressed, with its own title), it reads in full with JavaScript off, and with
// JavaScript on nothing is hydrated: the sign-in forms are islands that work without the app (the public
// pages' islands: public-islands.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, gotoApp, launchBrowser, newPage, takeProblems } from './support/index.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const PAGES = [
  { path: '/', title: 'Redpen', heading: /Better essays and confident interviews/ },
  { path: '/pricing', title: 'Pricing · Redpen', heading: /Pricing/ },
  { path: '/login', title: 'Welcome back · Redpen', heading: /Welcome back/ },
];

describe('prerendered pages', () => {
  for (const { path, title, heading } of PAGES) {
    test(`${path}: the HTML answer is the page itself, brotli-compressed, with its title and styles`, async () => {
      const res = await fetch(baseUrl + path, { headers: { 'accept-encoding': 'br' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-encoding'), 'br');
      const html = await res.text(); // fetch decodes the brotli body
      assert.match(html, /<div id="root" data-prerendered>/);
      assert.ok(html.includes(`<title>${title}</title>`), `the HTML's title is ${title}`);
      assert.match(html, /<style id="prerendered-css" data-emotion="css [^"]+" data-s="">/);
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      assert.match(h1 ?? '', heading);
    });
  }

  test('a client route that is not prerendered still gets the app shell', async () => {
    const res = await fetch(`${baseUrl}/verify-email`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<div id="root"><\/div>/);
  });

  test('with JavaScript off, the public pages read in full (content revealed on scroll included)', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto('/', { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.ok(await page.getByRole('heading', { name: 'How Redpen helps' }).isVisible());
      const reveal = page.locator('.rp-reveal[data-state="hidden"]').first();
      assert.equal(await reveal.evaluate((el) => getComputedStyle(el).opacity), '1', 'content waiting to be revealed is shown without JavaScript');
      await page.goto('/pricing', { waitUntil: 'load' });
      assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /Pricing/);
      assert.ok(await page.getByLabel(/word/i).first().isVisible(), 'the calculator is there');
    } finally {
      await context.close();
    }
  });

  // The public pages are static HTML with islands: / is not hydrated (a link is not a client-side navigation); its controls are islands and its links load documents.
  test('with JavaScript on, / is not hydrated: its controls are islands and its links load pages', async () => {
    const page = await newPage(browser);
    await gotoApp(page, '/');
    assert.equal(await page.evaluate(() => performance.getEntriesByName('redpen:load route').length), 0, 'the app does not start on /');
    const current = () => page.locator('[aria-label^="Go to slide"][aria-current="true"]').getAttribute('aria-label');
    assert.equal(await current(), 'Go to slide 1');
    await page.getByRole('button', { name: 'Next slide' }).click();
    assert.equal(await current(), 'Go to slide 2');
    const firstDocument = await page.evaluate(() => performance.timeOrigin);
    await page.getByRole('link', { name: 'See pricing' }).click();
    await page.waitForURL('**/pricing');
    await page.getByRole('heading', { level: 1, name: /Pricing/ }).waitFor();
    assert.notEqual(await page.evaluate(() => performance.timeOrigin), firstDocument, 'a document load, not a client-side navigation');
    assert.deepEqual(takeProblems(page), []);
    await page.context().close();
  });

  /** Whether the page loaded the app (its entry or its start-up), rather than islands alone. */
  const loadedTheApp = (page: import('playwright-core').Page) =>
    page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/(?:index|boot)-[^/]*\.js$/.test(e.name) && (e as PerformanceResourceTiming).initiatorType !== 'link'));

  test('/login, /register and /forgot-password: static, their forms work from their islands without the app', async () => {
    const page = await newPage(browser);
    for (const [path, button, message] of [
      ['/login', 'Log in', 'Please fill in all fields'],
      ['/register', 'Create account', 'First name is required'],
      ['/forgot-password', 'Send reset link', 'Email is required'],
    ] as const) {
      await gotoApp(page, path);
      const submit = page.getByRole('button', { name: button });
      assert.equal(await submit.isEnabled(), true, `${path}: the island enabled the button (disabled in the HTML)`);
      await submit.click();
      // The island's validation answers with the spec's message (no native submission: the URL keeps no query string).
      await page.getByText(message, { exact: true }).waitFor();
      assert.equal(new URL(page.url()).search, '', path);
      assert.equal(await loadedTheApp(page), false, `${path} loads no app code`);
    }
    assert.deepEqual(takeProblems(page), []);
    await page.context().close();
  });

  test('a direct sign-in link to /login: the HTML shows the form, the island checks the code', async () => {
    const page = await newPage(browser);
    await gotoApp(page, '/login?signInCode=not-a-live-sign-in-code-0123456789');
    // The one-time code is unknown: the form comes back with the spec's message.
    await page.getByText('Failed to authenticate with provided token. Please log in manually.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // The refusal itself is a 400 from /api/auth/signInLink/preview; nothing else may go wrong.
    const problems = takeProblems(page).filter((p) => p.kind !== 'http' && !/Failed to load resource/.test(p.text));
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a signed-in visitor: the static pages offer the dashboard, /register sends them there, /login still signs in', async () => {
    // The demo student (seeded by the journeys' runner), signed in through the API as the login page would.
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'student@redpen.local', password: 'Student!2345' }),
    });
    assert.equal(res.status, 200, 'the demo student signs in');
    const { token, user } = (await res.json()) as { token: string; user: unknown };
    const page = await newPage(browser);
    await page.addInitScript(
      ([t, u]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
        localStorage.setItem('currentRole', 'student');
      },
      [token, JSON.stringify(user)],
    );
    await gotoApp(page, '/');
    assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /Better essays/);
    assert.equal(await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first().getAttribute('href'), '/student/dashboard');
    assert.equal(await loadedTheApp(page), false, 'the home page stays static for a signed-in visitor');
    await page.goto('/register');
    await page.waitForURL((url) => url.pathname === '/student/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await gotoApp(page, '/login');
    assert.equal(await page.getByRole('button', { name: 'Log in' }).isEnabled(), true, 'a signed-in visitor may sign in to another account');
    assert.deepEqual(takeProblems(page).filter((p) => !/401|Unauthorized/.test(p.text)), []);
    await page.context().close();
  });
});
