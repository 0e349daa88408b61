// Admin tables on a 1366 px laptop: on Payment Management and Transactions every column header lies inside the
// viewport (long descriptions wrap, nothing is scrolled off to the right), the sidebar's labels are shown in full,
// and Transactions finds a payment by the last 8 characters of its ID as the Payments screen shows them. One
// sign-in of the seeded admin, on the seeded demo payments.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { gotoApp, launchBrowser, screenshot, takeProblems } from './support/index.ts';
import { signedInPage, signInDemo } from './support/demo.ts';

const VIEWPORT = { width: 1366, height: 768 };
let browser: Browser;
let page: Page;

before(async () => {
  browser = await launchBrowser();
  page = await signedInPage(browser, 'admin', await signInDemo('admin'), { viewport: VIEWPORT });
});

after(async () => {
  await browser?.close();
});

/** Each column header of the page's table (by its name) lies wholly inside the viewport. */
async function assertColumnsVisible(table: string, headers: string[]): Promise<void> {
  const region = page.getByRole('region', { name: table });
  await region.locator('tbody tr th[scope="row"]').first().waitFor();
  for (const name of headers) {
    const box = await region.getByRole('columnheader', { name, exact: true }).boundingBox();
    assert.ok(box, `${table}: the ${name} header is rendered`);
    assert.ok(box.x >= 0 && box.x + box.width <= VIEWPORT.width, `${table}: the ${name} header (x ${Math.round(box.x)}–${Math.round(box.x + box.width)}) is inside ${VIEWPORT.width} px`);
  }
  const overflow = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(overflow <= 1, `${table}: the table scrolls ${overflow} px sideways`);
}

describe('admin tables at 1366 px', () => {
  test('Payments and Transactions show every column; the sidebar labels are whole; Transactions finds an ID by its end', async () => {
    await gotoApp(page, '/admin/payments');
    await page.getByRole('heading', { name: 'Payment Management' }).waitFor();
    await assertColumnsVisible('Payments', ['Payment', 'Type', 'Amount', 'Payer', 'Status', 'Date', 'Actions']);
    const labels = await page.getByRole('complementary', { name: 'Sidebar' }).locator('nav a span:not([aria-hidden])').evaluateAll((spans) =>
      spans.map((s) => ({ text: s.textContent ?? '', cut: s.scrollWidth > s.clientWidth || s.scrollHeight > s.clientHeight + 1 })),
    );
    for (const label of ['Payment Management', 'Student Management', 'Tutor Management', 'Approve Tutors']) {
      const found = labels.find((l) => l.text === label);
      assert.ok(found, `the sidebar shows ${label}`);
      assert.equal(found.cut, false, `the sidebar label ${label} is not cut off`);
    }
    // The ID line reads "ID: <last 8> · Session: …".
    const idLine = await page.getByRole('region', { name: 'Payments' }).locator('tbody tr th[scope="row"]').first().innerText();
    const idEnd = /ID: ([0-9a-f]{8})/.exec(idLine)?.[1];
    assert.ok(idEnd, `the Payment cell shows the ID's end (${idLine})`);
    await screenshot(page, 'admin-payments-1366');

    await gotoApp(page, '/admin/transactions');
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    await assertColumnsVisible('Transactions', ['Transaction ID', 'Type', 'Status', 'User', 'Date', 'Amount']);
    const revenue = await page.getByText('Total Revenue').locator('..').innerText();
    await page.getByRole('searchbox', { name: 'Transaction ID' }).fill(idEnd);
    const region = page.getByRole('region', { name: 'Transactions' });
    await region.locator('tbody tr th[scope="row"]', { hasText: idEnd }).first().waitFor();
    await page.getByRole('searchbox', { name: 'Transaction ID' }).fill('no such id');
    await region.getByText('No transactions found').waitFor();
    assert.equal(await page.getByText('Total Revenue').locator('..').innerText(), revenue, 'the summary keeps its figures');
    await screenshot(page, 'admin-transactions-1366');
    assert.deepEqual(takeProblems(page), []);
  });
});
