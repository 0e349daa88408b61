// Payments journey with the local gateway: the demo student's essay, accepted by the demo tutor, is
// paid through the TEST MODE checkout page. Cancel lands on "Payment Failed"; its "Pay for this essay" reaches the
// same checkout, Pay lands on Payment Successful!, and the essay is Paid. The essay and its acceptance go through the
// API. Runs against the built platform,
// after chat.test.ts (files run one at a time, by name): the accept adds an essay to the demo pair's conversation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, gotoApp, launchBrowser, newPage, pathOf, screenshot, takeProblems } from './support/index.ts';
import { signInDemo } from './support/demo.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const signIn = signInDemo;

async function api(token: string, path: string, init: { method?: string; json?: unknown; form?: FormData } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? (init.json || init.form ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${token}`, ...(init.json ? { 'content-type': 'application/json' } : {}) },
    body: init.form ?? (init.json ? JSON.stringify(init.json) : undefined),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** An A-Level History essay of `words` words, uploaded, confirmed at its detected count and accepted by the demo tutor. */
async function acceptedEssay(student: string, tutor: string, words: number): Promise<string> {
  const form = new FormData();
  form.set('title', `Journey essay ${Date.now()}`);
  form.set('subject', 'History');
  form.set('academicLevel', 'A-Level');
  form.set('studentRequest', 'feedback-only');
  form.set('file', new Blob([Array.from({ length: words }, (_, i) => `word${i}`).join(' ')], { type: 'text/plain' }), 'essay.txt');
  const uploaded = await api(student, '/student/uploadEssay', { form });
  assert.equal(uploaded.status, 200, `upload: ${JSON.stringify(uploaded.body)}`);
  assert.equal(uploaded.body.wordCount, words, 'the count is read from the file');
  const essayId = String(uploaded.body.essayId);
  assert.equal((await api(student, '/student/updateWordCount', { json: { essayId, wordCount: words } })).status, 200);
  const accepted = await api(tutor, '/tutor/acceptEssay', { json: { essayID: essayId } });
  assert.equal(accepted.status, 200, `accept: ${JSON.stringify(accepted.body)}`);
  return essayId;
}

function assertNoErrors(page: Page, where: string) {
  const problems = takeProblems(page).filter((p) => p.kind === 'pageerror' || p.kind === 'requestfailed');
  assert.deepEqual(problems, [], `${where}: ${problems.map((p) => p.text).join('\n')}`);
}

describe('payments', () => {
  test('cancel lands on Payment Failed, its Pay for this essay pays this essay, and the essay is Paid', async () => {
    const [student, tutor] = await Promise.all([signIn('student'), signIn('tutor')]);
    const essayId = await acceptedEssay(student.token, tutor.token, 1200);
    const page = await newPage(browser);
    await page.addInitScript(
      ([t, u]) => {
        if (localStorage.getItem('token')) return; // once: later pages keep what the app did with it
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
        localStorage.setItem('currentRole', 'student');
      },
      [student.token, JSON.stringify(student.user)],
    );
    await gotoApp(page, '/student/dashboard');

    // What the Pay button does: remember the item, ask for the checkout, go there.
    const checkout = async () => {
      const answer = await api(student.token, '/student/generatePaymentUrl', { json: { essayId } });
      assert.equal(answer.status, 200, `generatePaymentUrl: ${JSON.stringify(answer.body)}`);
      await page.evaluate((id) => {
        localStorage.setItem('currentEssayId', id);
        localStorage.setItem('paymentType', 'essay');
      }, essayId);
      await page.goto(String(answer.body.paymentUrl));
      await page.getByText(/test mode/i).first().waitFor();
      return String(answer.body.paymentUrl);
    };

    // The API answers pounds with the pence twin; the screens show £ with two decimals from the twin.
    const quoted = (await api(student.token, `/student/essay/${essayId}`)).body.essay as { price: number; pricePence: number };
    assert.equal(quoted.price, quoted.pricePence / 100, 'price is pounds, pricePence its twin');
    const pounds = `£${(quoted.pricePence / 100).toFixed(2)}`;
    await gotoApp(page, '/student/essays');
    const card = page.getByRole('article').filter({ hasText: pounds });
    await card.first().waitFor();
    assert.ok(!(await page.locator('main').innerText()).includes(`£${quoted.pricePence.toLocaleString('en-GB')}.00`), 'My Essays never shows the pence as pounds');

    const first = await checkout();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    assert.equal(pathOf(page), '/payment-failed/essay');
    await screenshot(page, 'payment-failed');

    // Pay for this essay pays this one again (no new upload), on the same checkout: one per item.
    await page.getByRole('button', { name: 'Pay for this essay' }).click();
    await page.getByText(/test mode/i).first().waitFor();
    assert.equal(page.url(), new URL(first, page.url()).href, 'trying again reaches the same checkout: one per item');
    await page.getByRole('button', { name: `Pay ${pounds}` }).click();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    assert.match(pathOf(page), /^\/payment-success\/essay\?session_id=local_/);
    await screenshot(page, 'payment-success');

    const essay = await api(student.token, `/student/essay/${essayId}`);
    const paid = (essay.body.essay ?? essay.body) as { paymentStatus?: string };
    assert.equal(paid.paymentStatus, 'Paid');
    await gotoApp(page, `/student/essay/${essayId}`);
    await page.locator('main').getByText(pounds, { exact: false }).first().waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('currentEssayId')), null, 'the round-trip keys are forgotten');
    assertNoErrors(page, 'payment pages');
  });
});
