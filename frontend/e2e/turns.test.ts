// Whose turn it is, live, across two browser contexts against the built platform: the demo student has
// their essay's page open; the demo tutor accepts the essay from the pool in a browser of their own; the student's
// page shows the new status without a reload, and the bell in its header counts one more unread notice. Then the
// tutor confirms the word count and the count rises again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, gotoApp, launchBrowser, screenshot, takeProblems } from './support/index.ts';
import { signInDemo, signedInPage, type DemoRole, type DemoSession } from './support/demo.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

type Role = DemoRole;

type Session = DemoSession;

const signIn = signInDemo;

const pageFor = (role: Role, session: Session): Promise<Page> => signedInPage(browser, role, session);

/** The student's essay, uploaded and confirmed through the API (the upload page has a journey of its own). */
async function essayInThePool(token: string, title: string): Promise<string> {
  const form = new FormData();
  form.set('title', title);
  form.set('subject', 'History');
  form.set('academicLevel', 'A-Level');
  const text = Array.from({ length: 400 }, (_, i) => ['argument', 'evidence', 'analysis', 'history'][i % 4]).join(' ');
  form.set('file', new Blob([text], { type: 'text/plain' }), 'essay.txt');
  const uploaded = await fetch(`${baseUrl}/api/student/uploadEssay`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  assert.equal(uploaded.status, 200, 'the essay uploads');
  const { essayId, wordCount } = (await uploaded.json()) as { essayId: string; wordCount: number };
  const confirmed = await fetch(`${baseUrl}/api/student/updateWordCount`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ essayId, wordCount }),
  });
  assert.equal(confirmed.status, 200, 'the count is confirmed: the essay is in the pool');
  return essayId;
}

/** The unread count the bell announces (its accessible name: "Notifications" or "Notifications, 3 unread"). */
async function unreadOnBell(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(label)?.[1] ?? 0);
}

const statusOf = (page: Page) => page.locator('dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]');

describe('whose turn it is, live', () => {
  test("the student's open essay page changes status and the bell count rises when the tutor acts elsewhere", async () => {
    const [studentSession, tutorSession] = await Promise.all([signIn('student'), signIn('tutor')]);
    const title = `Live turn essay ${Date.now()}`;
    const essayId = await essayInThePool(studentSession.token, title);

    const student = await pageFor('student', studentSession);
    await gotoApp(student, `/student/essay/${essayId}`);
    await student.getByRole('heading', { level: 1, name: title }).waitFor();
    await student.getByTestId('notification-bell').waitFor();
    const statusBefore = ((await statusOf(student).textContent()) ?? '').trim();
    const unreadBefore = await unreadOnBell(student);
    // A mark that a reload would wipe: the page must change without one.
    await student.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const tutor = await pageFor('tutor', tutorSession);
    await gotoApp(tutor, '/tutor/essay-pool');
    const poolCard = tutor.getByRole('listitem').filter({ has: tutor.getByRole('heading', { name: title }) });
    await poolCard.getByRole('button', { name: 'Accept Essay' }).click();

    // The student's page: a new status, one more unread notice, the same document.
    await student.waitForFunction(
      ([before]) => {
        const dt = [...document.querySelectorAll('dt')].find((el) => el.textContent?.trim() === 'Status');
        return Boolean(dt?.nextElementSibling?.textContent && dt.nextElementSibling.textContent.trim() !== before);
      },
      [statusBefore],
      { timeout: 15_000 },
    );
    await student.waitForFunction(
      ([before]) => {
        const label = document.querySelector('[data-testid="notification-bell"]')?.getAttribute('aria-label') ?? '';
        return Number(/, (\d+) unread$/.exec(label)?.[1] ?? 0) === before + 1;
      },
      [unreadBefore],
      { timeout: 15_000 },
    );
    assert.equal(await student.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere), true, 'no reload');
    assert.notEqual(((await statusOf(student).textContent()) ?? '').trim(), statusBefore, 'the status changed');

    // The bell lists it: the tutor accepted this essay, leading to its page.
    await student.getByTestId('notification-bell').click();
    const notice = student.getByRole('list', { name: 'Notifications list' }).getByRole('link', { name: new RegExp(`A tutor accepted "${title}"`) });
    await notice.waitFor();
    assert.equal(new URL((await notice.getAttribute('href')) ?? '', baseUrl).pathname, `/student/essay/${essayId}`);
    await screenshot(student, 'turns-bell-open');
    await student.keyboard.press('Escape');

    // The tutor confirms the word count in the discussion: the student is asked to pay, and the count rises again.
    await gotoApp(tutor, `/tutor/chat/${essayId}`);
    await tutor.getByRole('button', { name: 'Confirm', exact: true }).click();
    await student.waitForFunction(
      ([before]) => {
        const label = document.querySelector('[data-testid="notification-bell"]')?.getAttribute('aria-label') ?? '';
        return Number(/, (\d+) unread$/.exec(label)?.[1] ?? 0) === before + 2;
      },
      [unreadBefore],
      { timeout: 15_000 },
    );
    const problems = takeProblems(student).filter((p) => p.kind === 'pageerror');
    assert.deepEqual(problems, [], problems.map((p) => p.text).join('\n'));
  });
});
