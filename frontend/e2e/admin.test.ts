// Admin journey (issue 25): a new tutor registers and onboards; the admin opens their DBS certificate through its
// signed link inside the page, approves them for essays at Masters, and the tutor can then read the essay pool; the
// admin bans a student from the details dialog (their session stops working at once) and unbans them; the
// transactions screen exports its rows as CSV. Runs against the built platform and its seeded admin.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, gotoApp, launchBrowser, newPage, readLatestMail, screenshot, takeProblems } from './support/index.ts';

interface Session {
  token: string;
  user: { name: string };
}

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

/** Registers and verifies (the mailed code) a new account, as a person would. */
async function newAccount(role: 'student' | 'tutor', name: string): Promise<Session> {
  const email = `admin-journey-${role}-${Date.now()}@example.com`;
  const since = new Date(Date.now() - 2000);
  const registered = await call('/auth/register', { json: { name, email, password: 'Journey!2345x', role, phone: '07700900123' } });
  assert.equal(registered.status, 201, `register: ${JSON.stringify(registered.body)}`);
  const mail = await readLatestMail(email, { since, timeoutMs: 20_000 });
  const code = /verification code is:?\s*([A-Za-z0-9]{6})\b/i.exec(mail.text || mail.html.replace(/<[^>]+>/g, ' '))?.[1];
  assert.ok(code, 'the verification email carries a code');
  const verified = await call('/auth/verifyEmail', { json: { email, emailVerificationCode: code } });
  assert.equal(verified.status, 200, `verifyEmail: ${JSON.stringify(verified.body)}`);
  return verified.body as unknown as Session;
}

/** A 1 × 1 PNG (real magic bytes): the profile picture the onboarding requires. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function onePagePdf(text: string): Promise<Blob> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return new Blob([Buffer.from(await pdf.save())], { type: 'application/pdf' });
}

/** The tutor onboarding, submitted with a passport and a DBS certificate: the application waits for an admin. */
async function onboard(tutor: Session): Promise<Session> {
  const form = new FormData();
  const [y, m, d] = new Date().toISOString().slice(0, 10).split('-');
  const fields: Record<string, string> = {
    motivation: 'I love helping students write better essays.',
    university: 'University College London',
    course: 'History',
    dateOfBirth: `${Number(y) - 24}-${m}-${m === '02' && d === '29' ? '28' : d}`,
    aLevelsCompletionDate: '2019-07-01',
    universityStartDate: '2019-09-20',
    expectedGraduationDate: '2022-06-30',
    aLevels: JSON.stringify([{ subject: 'History', grade: 'A*' }]),
    subjects: JSON.stringify([{ name: 'History', levels: ['GCSE', 'A-Level'] }]),
    hasRight: 'yes',
    nationality: 'BritishIrish',
    documentType: 'passport',
    hasDBS: 'true',
    fullNameDBS: tutor.user.name,
    certificateNumber: '001234567890',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('profilePicture', new Blob([PNG], { type: 'image/png' }), 'me.png');
  form.append('documentFile', await onePagePdf('Passport'), 'passport.pdf');
  form.append('certificateFile', await onePagePdf('DBS certificate'), 'dbs.pdf');
  const res = await fetch(`${baseUrl}/api/tutor/update-info`, { method: 'POST', headers: { authorization: `Bearer ${tutor.token}` }, body: form });
  const body = (await res.json()) as Session;
  assert.equal(res.status, 200, `update-info: ${JSON.stringify(body)}`);
  return body;
}

async function adminPage(): Promise<Page> {
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
  return page;
}

describe('admin', () => {
  test('approves a new tutor after opening their certificate, bans and unbans a student, exports transactions', async () => {
    const stamp = Date.now().toString(36);
    const tutor = await onboard(await newAccount('tutor', `Ada Applicant ${stamp}`));
    assert.equal((await call('/tutor/getAvailableEssays', { token: tutor.token })).status, 403, 'no pool before approval');
    const page = await adminPage();

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
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'transactions.csv');
    const problems = takeProblems(page).filter((p) => p.kind === 'pageerror');
    assert.deepEqual(problems, [], problems.map((p) => p.text).join('\n'));
    await page.close();
  });
});
