// Chat journey: the demo student and the demo tutor (the seed opens their conversation) in two
// browser contexts exchange messages that appear without reloading, and the student's unread badge clears
// when the thread opens. Runs against the built platform (e2e/run.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, gotoApp, launchBrowser, newPage, screenshot, takeProblems } from './support/index.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** Signs in through the API, as the login page would, and stores the session before the app loads. */
async function signedIn(role: 'student' | 'tutor', viewport?: { width: number; height: number }): Promise<Page> {
  const credentials = role === 'student' ? { email: 'student@redpen.local', password: 'Student!2345' } : { email: 'tutor@redpen.local', password: 'Tutor!2345' };
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
  assert.equal(res.status, 200, `the demo ${role} signs in`);
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  const page = await newPage(browser, viewport ? { viewport } : {});
  await page.addInitScript(
    ([t, u, r]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
      localStorage.setItem('currentRole', r);
    },
    [token, JSON.stringify(user), role],
  );
  return page;
}

function assertNoErrors(page: Page, where: string) {
  const problems = takeProblems(page).filter((p) => p.kind === 'pageerror' || p.kind === 'requestfailed');
  assert.deepEqual(problems, [], `${where}: ${problems.map((p) => p.text).join('\n')}`);
}

describe('chat', () => {
  test('a student and a tutor exchange messages live, and the unread badge clears when the thread opens', async () => {
    const student = await signedIn('student');
    const tutor = await signedIn('tutor');

    // Theo's two seeded messages are unread (the welcome, and one in the discussion of the essay he accepted):
    // the sidebar's Chats item counts them.
    await gotoApp(student, '/student/dashboard');
    const badge = student.getByRole('navigation', { name: 'Dashboard' }).getByLabel(/\d+ unread/);
    await badge.waitFor();
    assert.equal(await badge.innerText(), '2');

    await student.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /Chats/ }).click();
    await student.waitForURL((url) => url.pathname === '/student/chats');
    const studentLog = student.getByRole('log', { name: 'Messages' });
    await studentLog.getByText('looking forward to our session').waitFor();
    await student.getByText('Connected').waitFor();
    // Opening the thread marked it read: the badge is gone.
    await badge.waitFor({ state: 'detached' });

    await gotoApp(tutor, '/tutor/chats');
    const tutorLog = tutor.getByRole('log', { name: 'Messages' });
    await tutorLog.getByText('looking forward to our session').waitFor();
    await tutor.getByText('Connected').waitFor();

    await student.getByPlaceholder('Type your message...').fill('Hello Theo, could you look at my introduction?');
    await student.keyboard.press('Enter');
    await tutorLog.getByText('Hello Theo, could you look at my introduction?').waitFor();

    await tutor.getByPlaceholder('Type your message...').fill('Of course. Send it over, or ring me on 07700 900123');
    await tutor.keyboard.press('Enter');
    // Masked before it was stored: the student sees the placeholder and why.
    await studentLog.getByText('Of course. Send it over, or ring me on [hidden]').waitFor();
    await studentLog.getByText(/Contact details were hidden/).waitFor();
    assert.equal(await studentLog.getByText('Hello Theo, could you look at my introduction?').count(), 1, 'the own message shows once');

    await screenshot(student, 'chat-student');
    await screenshot(tutor, 'chat-tutor');
    assertNoErrors(student, '/student/chats');
    assertNoErrors(tutor, '/tutor/chats');
    await student.context().close();
    await tutor.context().close();
  });

  test('at 375 px the contacts and the thread are two screens', async () => {
    const student = await signedIn('student', { width: 375, height: 740 });
    await gotoApp(student, '/student/chats');
    const contacts = student.getByRole('list', { name: 'Contacts' });
    await contacts.getByText('Theo Tutor').click();
    await student.getByRole('log', { name: 'Messages' }).getByText('looking forward to our session').waitFor();
    assert.equal(await contacts.isVisible(), false, 'the list gives way to the thread');
    await student.getByRole('button', { name: 'Back to contacts' }).click();
    await contacts.waitFor();
    await screenshot(student, 'chat-student-375');
    await student.context().close();
  });
});
