// The return address of the static /login in a real browser: a sign-in opened with a hostile `?redirect=` lands on
// this site (the dashboard), never on another one. Browsers drop tabs and newlines from a URL and read a backslash as
// a slash, so `/%09/evil.example` is `//evil.example` by the time `location.replace` follows it. Every request to
// another origin is answered here (nothing leaves the machine) and recorded; a `javascript:` address would open a
// dialog, which is recorded too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, gotoApp, launchBrowser, newPage } from './support/index.ts';
import { DEMO } from './support/demo.ts';

let browser: Browser;
const ORIGIN = new URL(baseUrl).origin;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

// As they appear in a link: percent-encoded once, as the query string carries them.
const HOSTILE = [
  '%2F%09%2Fevil.example%2Fpwn',
  '%2F%0A%2Fevil.example%2Fpwn',
  '%2F%09%5Cevil.example%2Fpwn',
  '%2F%2Fevil.example%2Fpwn',
  '%2F%5Cevil.example%2Fpwn',
  'https%3A%2F%2Fevil.example%2Fpwn',
  'javascript%3Aalert(document.domain)',
];

/** Signs the demo student in on the static /login opened with `?redirect=<redirect>`; answers where the page went. */
async function signInWith(redirect: string): Promise<{ url: URL; offSite: string[]; dialogs: string[] }> {
  const page = await newPage(browser);
  const offSite: string[] = [];
  const dialogs: string[] = [];
  await page.context().route(
    (url) => url.origin !== ORIGIN,
    (route) => {
      offSite.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Another site</h1>' });
    },
  );
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await gotoApp(page, `/login?redirect=${redirect}`);
  const form = page.getByRole('form', { name: 'Login form' });
  await form.getByLabel('Email').fill(DEMO.student.email);
  await form.getByLabel('Password').fill(DEMO.student.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.origin !== ORIGIN || url.pathname !== '/login', { timeout: 20_000 });
  await page.waitForLoadState('load');
  const url = new URL(page.url());
  await page.context().close();
  return { url, offSite, dialogs };
}

describe('the return address after a sign-in on the static /login', () => {
  for (const redirect of HOSTILE) {
    test(`?redirect=${redirect} opens the dashboard of this site`, async () => {
      const { url, offSite, dialogs } = await signInWith(redirect);
      assert.equal(url.origin, ORIGIN, `landed on ${url.href}`);
      assert.equal(url.pathname, '/student/dashboard');
      assert.deepEqual(offSite, [], 'no request left for another site');
      assert.deepEqual(dialogs, [], 'no script ran from the address');
    });
  }

  test('a return address on this site is followed', async () => {
    const { url, offSite } = await signInWith('%2Fstudent%2Fessays%3Fstatus%3DPending');
    assert.equal(url.origin, ORIGIN);
    assert.equal(`${url.pathname}${url.search}`, '/student/essays?status=Pending');
    assert.deepEqual(offSite, []);
  });
});
