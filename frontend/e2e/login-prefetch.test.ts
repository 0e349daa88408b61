// The static sign-in form prefetches the app's code for the dashboard while the visitor types (the
// prerendered page names the files, the sign-in island adds them as <link rel="prefetch"> at the first key), so the
// dashboard opens in the one navigation that follows the sign-in, from the HTTP cache, without fetching its code then.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { gotoApp, launchBrowser, newPage, takeProblems } from './support/index.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The dashboards' route chunks. */
const DASHBOARD_CODE = /\/assets\/dashboard-[^/]*\.js$/;

/** The page's resource entries for `pattern`: name, what asked for it, and bytes over the network (0 from cache). */
const resources = (page: Page, pattern: RegExp) =>
  page.evaluate(
    (source) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new RegExp(source).test(e.name))
        .map((e) => ({ name: new URL(e.name).pathname, initiator: (e as PerformanceResourceTiming).initiatorType, transferSize: (e as PerformanceResourceTiming).transferSize })),
    pattern.source,
  );

describe('/login', () => {
  test("typing prefetches the dashboards' code; after the sign-in the dashboard opens with it from the cache", async () => {
    const page = await newPage(browser);
    await gotoApp(page, '/login');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await resources(page, /\/assets\/.*\.js$/).then((all) => all.filter((r) => DASHBOARD_CODE.test(r.name) || /\/(?:index|boot)-/.test(r.name))), [], 'no app code before the visitor types');

    const form = page.getByRole('form', { name: 'Login form' });
    await form.getByLabel('Email').fill('student@redpen.local');
    await page.waitForFunction((source) => performance.getEntriesByType('resource').filter((e) => new RegExp(source).test(e.name)).length >= 2, DASHBOARD_CODE.source, { timeout: 10_000 });
    await page.waitForLoadState('networkidle');
    const prefetched = await resources(page, DASHBOARD_CODE);
    assert.ok(prefetched.every((r) => r.initiator === 'link'), `prefetched, not run: ${JSON.stringify(prefetched)}`);

    await form.getByLabel('Password').fill('Student!2345');
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/student/dashboard', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const loaded = await resources(page, DASHBOARD_CODE);
    assert.ok(loaded.length >= 1, "the dashboard's code ran");
    assert.deepEqual(
      loaded.filter((r) => r.transferSize > 0),
      [],
      'the dashboard needed no code from the network: all of it came from the prefetch',
    );
    assert.deepEqual(
      takeProblems(page).filter((p) => !/401|Unauthorized/.test(p.text)),
      [],
    );
    await page.context().close();
  });
});
