// Accounts journeys: register → read the code from the mail catcher → verify → dashboard, for a
// student and for a tutor (who completes both onboarding steps with real uploaded files), and the spec's
// password messages on the register page. Runs against the built platform (e2e/run.mjs).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, pathOf, readLatestMail, screenshot, takeProblems, gotoApp } from './support/index.ts';

let browser: Browser;
let files: string;
const PASSWORD = 'Journey#2026pw';

// A 1×1 PNG and a minimal one-page PDF: real magic bytes, so the server's content checks accept them.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PDF_TEXT = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

before(async () => {
  browser = await launchBrowser();
  files = mkdtempSync(join(tmpdir(), 'redpen-accounts-'));
  writeFileSync(join(files, 'me.png'), Buffer.from(PNG_BASE64, 'base64'));
  writeFileSync(join(files, 'passport.pdf'), PDF_TEXT);
  writeFileSync(join(files, 'degree.pdf'), PDF_TEXT);
  writeFileSync(join(files, 'dbs.pdf'), PDF_TEXT);
});

after(async () => {
  await browser?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** Labels carry a required "*" indicator: match the start of the label. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

function assertNoPageErrors(page: Page, where: string) {
  // Expected 4xx answers (e.g. an unknown /student/getDashboard) are not page errors; exceptions are.
  const problems = takeProblems(page).filter((p) => p.kind === 'pageerror');
  assert.deepEqual(problems, [], `${where}: uncaught exceptions:\n${problems.map((p) => `  ${p.text}`).join('\n')}`);
}

async function register(page: Page, { email, role }: { email: string; role: 'student' | 'tutor' }) {
  await gotoApp(page, '/register');
  await field(page, 'First Name').fill('Journey');
  await field(page, 'Last Name').fill(role === 'tutor' ? 'Tutor' : 'Student');
  await field(page, 'Email').fill(email);
  await field(page, 'Phone').fill('07700900123');
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm Password').fill(PASSWORD);
  await field(page, 'I want to join as').selectOption(role);
  // The label's text ends in a link to /terms: tick the checkbox itself, not the middle of its label.
  await page.getByRole('checkbox', { name: /I agree to the/ }).check({ force: true });
  const since = new Date(Date.now() - 2000);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/verify-email');
  assert.equal(new URL(page.url()).searchParams.get('email'), email, 'the verify page carries the email');
  return since;
}

async function verifyWithMailedCode(page: Page, email: string, since: Date) {
  const mail = await readLatestMail(email, { since, timeoutMs: 20_000 });
  const match = /verification code is:?\s*([A-Za-z0-9]{6})\b/i.exec(mail.text || mail.html.replace(/<[^>]+>/g, ' '));
  assert.ok(match, `the verification email contains a 6-character code (got: ${mail.text.slice(0, 200)})`);
  await field(page, 'Verification code').fill(match[1]);
  await page.getByRole('button', { name: 'Verify email' }).click();
}

describe('accounts', () => {
  test('a student registers, verifies with the mailed code and lands on the student dashboard', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('student');
    const since = await register(page, { email, role: 'student' });
    // The resend button waits out the 60 s cooldown right after registering.
    assert.ok(await page.getByRole('button', { name: /Resend code in \d+s/ }).isDisabled());
    await verifyWithMailedCode(page, email, since);
    await page.waitForURL((url) => url.pathname === '/student/dashboard', { timeout: 20_000 });
    assert.equal(await page.evaluate(() => localStorage.getItem('currentRole')), 'student');
    assert.ok(await page.evaluate(() => localStorage.getItem('token')), 'a token is stored');
    await screenshot(page, 'accounts-student-dashboard');
    assertNoPageErrors(page, pathOf(page));
    await page.context().close();
  });

  test('a tutor registers, verifies, completes both onboarding steps with files and lands on the tutor dashboard', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('tutor');
    const since = await register(page, { email, role: 'tutor' });
    await verifyWithMailedCode(page, email, since);
    await page.waitForURL((url) => url.pathname === '/tutor-onboarding', { timeout: 20_000 });
    await page.getByRole('heading', { level: 2, name: 'Basic Info' }).waitFor();

    // Step 1 blocks until it is valid.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please fill in all required fields before proceeding').waitFor();
    await page.getByText('Profile picture is required').waitFor();

    await field(page, 'Profile Picture').setInputFiles(join(files, 'me.png'));
    await field(page, 'Date of Birth').fill('2000-02-29');
    await field(page, 'Motivation').fill('I enjoy helping students write clearer, stronger essays.');
    await page.getByLabel(/^University\s*\*?$/).fill('University College London');
    await field(page, 'Course').fill('History');
    await field(page, 'University Start Date').fill('2018-09-20');
    await field(page, 'Expected Graduation Date').fill('2021-06-30');
    await field(page, 'A-Level Completion Date').fill('2018-06-30');
    await field(page, 'University Documents').setInputFiles(join(files, 'degree.pdf'));
    await field(page, 'A-Level 1 Subject').fill('History');
    await field(page, 'A-Level 1 Grade').fill('A*');
    await field(page, 'Subject 1').fill('History');
    await page.getByRole('group', { name: 'Levels for subject 1' }).getByText('A-Level', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2.
    await page.getByRole('heading', { level: 2, name: 'Verification' }).waitFor();
    await field(page, 'Do you have the right to work in the UK?').selectOption('yes');
    await field(page, 'Nationality').selectOption('BritishIrish');
    await field(page, 'Document Type').selectOption('passport');
    await field(page, 'Right to Work Document').setInputFiles(join(files, 'passport.pdf'));
    await field(page, 'Do you have an enhanced DBS certificate?').selectOption('true');
    await field(page, 'Full Name (as on the certificate)').fill('Journey Tutor');
    await field(page, 'Certificate Number').fill('001234567890');
    await field(page, 'DBS Certificate').setInputFiles(join(files, 'dbs.pdf'));
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL((url) => url.pathname === '/tutor/dashboard', { timeout: 30_000 });
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    assert.equal(user.onboardingCompleted, true, 'the stored user has completed onboarding');
    await screenshot(page, 'accounts-tutor-dashboard');
    assertNoPageErrors(page, pathOf(page));
    await page.context().close();
  });

  test('a bad password on register shows the spec messages', async () => {
    const page = await newPage(browser);
    await gotoApp(page, '/register');
    const password = field(page, 'Password');
    await password.fill('abc');
    await page.getByText('Password strength: Weak').waitFor();
    await password.blur();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await password.fill('abcdefgh');
    await field(page, 'Confirm Password').focus();
    await page.getByText('Must contain at least one uppercase letter').waitFor();
    await field(page, 'Confirm Password').fill('different');
    await field(page, 'Confirm Password').blur();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('You must agree to the terms and conditions').waitFor();
    assert.equal(new URL(page.url()).pathname, '/register', 'nothing was submitted');
    await screenshot(page, 'accounts-register-bad-password');
    assertNoPageErrors(page, '/register');
    await page.context().close();
  });
});
