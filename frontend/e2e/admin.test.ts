// Admin journey: a new tutor registers and onboards; the admin opens their DBS certificate through its
// signed link inside the page, approves them for essays at Masters, and the tutor can then read the essay pool; the
// admin bans a student from the details dialog (their session stops working at once) and unbans them; the
// transactions screen exports its rows as CSV. Runs against the built platform and its seeded admin.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { registerAndVerify, submitTutorOnboarding, type Session } from './support/accounts.ts';
import { baseUrl, gotoApp, launchBrowser, newPage, screenshot, takeProblems } from './support/index.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function call(path: string, init: { method?: string; json?: unknown; token?: string } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? (init.json ? 'POST' : 'GET'),
    headers: { ...(init.json ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** A new account, registered and verified as a person would. */
function newAccount(role: 'student' | 'tutor', name: string): Promise<Session> {
  return registerAndVerify(role, name, `admin-journey-${role}-${Date.now()}@example.com`, 'Journey!2345x');
}

async function adminPage(): Promise<{ page: Page; token: string }> {
  const signedIn = await call('/auth/login', { json: { email: 'admin@redpen.local', password: 'Admin!2345' } });
  assert.equal(signedIn.status, 200, 'the demo admin signs in');
  const page = await newPage(browser);
  await page.addInitScript(
    ([t, u]) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
      localStorage.setItem('currentRole', 'admin');
    },
    [String(signedIn.body.token), JSON.stringify(signedIn.body.user)],
  );
  return { page, token: String(signedIn.body.token) };
}

describe('admin', () => {
  test('approves a new tutor after opening their certificate, bans and unbans a student, exports transactions', async () => {
    const stamp = Date.now().toString(36);
    const tutor = await submitTutorOnboarding(await newAccount('tutor', `Ada Applicant ${stamp}`));
    assert.equal((await call('/tutor/getAvailableEssays', { token: tutor.token })).status, 403, 'no pool before approval');
    const { page, token: adminToken } = await adminPage();

    await gotoApp(page, '/admin/tutors');
    const card = page.getByRole('group', { name: tutor.user.name });
    await card.waitFor();
    await card.getByRole('button', { name: 'DBS certificate' }).click();
    const certificate = card.getByTitle('DBS certificate');
    await certificate.waitFor();
    assert.match(String(await certificate.getAttribute('src')), /X-Amz-Signature=/, 'the document opens through a signed link');
    await card.getByLabel(/Study level/).selectOption('Masters');
    await card.getByText('Approve for essays').click();
    await card.getByRole('button', { name: 'Update approvals' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Tutor approvals updated successfully').first().waitFor();
    await screenshot(page, 'admin-approved');
    assert.equal((await call('/tutor/getAvailableEssays', { token: tutor.token })).status, 200, 'the approved tutor reads the pool');

    const student = await newAccount('student', `Sam Banned ${stamp}`);
    await gotoApp(page, '/admin/students');
    await page.getByRole('searchbox', { name: 'Search students' }).fill(student.user.name);
    await page.getByRole('button', { name: `View Details: ${student.user.name}` }).click();
    const details = page.getByRole('dialog', { name: 'Student Details' });
    await details.getByRole('button', { name: 'Ban Student' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await details.getByRole('button', { name: 'Unban Student' }).waitFor();
    const banned = await call('/auth/me', { token: student.token });
    assert.ok([401, 403].includes(banned.status), `a ban ends the session at once (answered ${banned.status})`);
    await details.getByRole('button', { name: 'Unban Student' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await details.getByRole('button', { name: 'Ban Student' }).waitFor();
    await screenshot(page, 'admin-unbanned');

    await gotoApp(page, '/admin/transactions');
    // Amounts are pounds with pence twins on the wire; the screen shows £ with two decimals, never ×100.
    const ledger = await call('/admin/transactions', { token: adminToken });
    const first = (ledger.body.transactions as { amount: number; amountPence: number }[] | undefined)?.[0];
    assert.ok(first, `the ledger has rows: ${JSON.stringify(ledger.body).slice(0, 200)}`);
    assert.equal(first.amount, first.amountPence / 100, 'amount is pounds, amountPence its twin');
    const shown = `£${(Math.abs(first.amountPence) / 100).toFixed(2)}`;
    await page.getByText(shown).first().waitFor();
    assert.ok(!(await page.locator('main').innerText()).includes(`£${Math.abs(first.amountPence).toLocaleString('en-GB')}.00`), 'never the pence as pounds');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'transactions.csv');
    const problems = takeProblems(page).filter((p) => p.kind === 'pageerror');
    assert.deepEqual(problems, [], problems.map((p) => p.text).join('\n'));
    await page.close();
  });
});
