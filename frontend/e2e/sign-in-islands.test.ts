// The sign-in forms as islands in a real browser: a new account with two-factor sign-in goes through the
// static /login's two steps (the code read from the mail catcher) to its dashboard, without the page loading the app;
// and every state of the three sign-in pages (the form, its refusals, the two-factor step, "Check your email") has
// 0 serious or critical axe violations.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, gotoApp, launchBrowser, newPage, readLatestMail, takeProblems } from './support/index.ts';

let browser: Browser;
const PASSWORD = 'Islands#2026pw';

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function api(path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: path === '/auth/two-factor' ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  assert.ok(res.ok, `${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const codeIn = (mail: { text: string; html: string }, words: RegExp) => words.exec(mail.text || mail.html.replace(/<[^>]+>/g, ' '))?.[1];

/** A verified student account with two-factor sign-in on, made through the API. */
async function twoFactorStudent(): Promise<string> {
  const email = `e2e-islands-${Date.now()}@example.com`;
  const since = new Date(Date.now() - 2000);
  await api('/auth/register', { name: 'Island Student', email, password: PASSWORD, role: 'student', phone: '07700900321' });
  const code = codeIn(await readLatestMail(email, { since, timeoutMs: 20_000 }), /verification code is:?\s*([A-Za-z0-9]{6})\b/i);
  assert.ok(code, 'the verification email carries a code');
  const { token } = await api('/auth/verifyEmail', { email, emailVerificationCode: code });
  await api('/auth/two-factor', { enabled: true }, String(token));
  return email;
}

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: [${v.impact}] ${v.id} — ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')})`);
}

describe('the sign-in islands', () => {
  test('two-factor sign-in through the static /login, to the dashboard; axe on the form, a refusal and the code step', async () => {
    const email = await twoFactorStudent();
    const page = await newPage(browser);
    const failures: string[] = [];
    await gotoApp(page, '/login');
    failures.push(...(await seriousViolations(page, '/login')));

    const form = page.getByRole('form', { name: 'Login form' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: /invalid/i }).waitFor();
    failures.push(...(await seriousViolations(page, '/login, refused')));

    const since = new Date(Date.now() - 2000);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
    assert.equal(await page.title(), 'Two-factor verification · Redpen');
    assert.match(await page.getByRole('status').innerText(), /code has been sent/i);
    assert.equal(await page.getByRole('button', { name: /^Resend code/ }).isEnabled(), true, 'no cooldown before the first resend');
    failures.push(...(await seriousViolations(page, '/login, two-factor step')));

    const code = codeIn(await readLatestMail(email, { since, timeoutMs: 20_000 }), /sign-in code is:?\s*([A-Za-z0-9]{6})\b/i);
    assert.ok(code, 'the sign-in email carries a code');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/student/dashboard', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const session = await page.evaluate(() => ({ token: localStorage.getItem('token'), user: JSON.parse(localStorage.getItem('user') ?? '{}'), role: localStorage.getItem('currentRole') }));
    assert.ok(session.token, 'the island stored the token');
    assert.equal(session.user.email, email);
    assert.deepEqual(session.user.profiles, { student: true, tutor: false }, 'and the profiles it checked');
    assert.equal(session.role, 'student');
    assert.deepEqual(failures, [], failures.join('\n'));
    assert.deepEqual(takeProblems(page).filter((p) => !/401|Unauthorized|Failed to load resource/.test(p.text)), []);
    await page.context().close();
  });

  test("/register with every field's message, and /forgot-password's result: 0 serious or critical axe violations", async () => {
    const page = await newPage(browser);
    const failures: string[] = [];
    await gotoApp(page, '/register');
    failures.push(...(await seriousViolations(page, '/register')));
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('You must agree to the terms and conditions').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'firstName', 'the first field with a problem has the focus');
    failures.push(...(await seriousViolations(page, '/register, every message')));

    await gotoApp(page, '/forgot-password');
    failures.push(...(await seriousViolations(page, '/forgot-password')));
    await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    failures.push(...(await seriousViolations(page, '/forgot-password, sent')));
    assert.deepEqual(failures, [], failures.join('\n'));
    assert.deepEqual(takeProblems(page), []);
    await page.context().close();
  });
});
