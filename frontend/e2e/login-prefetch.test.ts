// The sign-in form fetches the dashboards' code while the visitor types (issue 28), so the dashboard opens in the one
// navigation that follows the sign-in, without waiting for its code then.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { gotoApp, launchBrowser, newPage, takeProblems } from './support/index.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The dashboards' route chunks (the signed-in layout's own code already comes with the app's start-up). */
const isDashboardCode = (file: string) => /\/assets\/dashboard-[^/]*\.js$/.test(file);

describe('/login', () => {
  test("typing fetches the dashboards' code; after the sign-in the dashboard opens without fetching it", async () => {
    const page = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await gotoApp(page, '/login');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(scripts.filter(isDashboardCode), [], 'no dashboard code before the visitor types');

    const form = page.getByRole('form', { name: 'Login form' });
    await form.getByLabel('Email').fill('student@redpen.local');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/dashboard[^/]*\.js$/.test(e.name)), null, { timeout: 10_000 });
    await page.waitForLoadState('networkidle');
    const prefetched = scripts.filter(isDashboardCode);
    assert.ok(prefetched.length >= 2, `the dashboards' code is fetched while typing (${prefetched.join(', ')})`);

    const typed = scripts.length;
    await form.getByLabel('Password').fill('Student!2345');
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/student/dashboard', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.deepEqual(scripts.slice(typed).filter(isDashboardCode), [], 'the dashboard needed no code it had not fetched already');
    assert.deepEqual(
      takeProblems(page).filter((p) => !/401|Unauthorized/.test(p.text)),
      [],
    );
    await page.context().close();
  });
});
