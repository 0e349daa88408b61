// Tutoring journey: the demo student finds the demo tutor on Find Your Tutor, books a slot in the booking
// modal (day, time, purpose), pays on the local gateway's TEST MODE checkout, lands on "Session booked successfully!"
// and then the chats; the session is on My Sessions, and the demo tutor sees it among their upcoming sessions.
// Runs against the built platform and its seeded demo accounts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, gotoApp, launchBrowser, newPage, pathOf, screenshot, takeProblems } from './support/index.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const DEMO = {
  student: { email: 'student@redpen.local', password: 'Student!2345', role: 'student' },
  tutor: { email: 'tutor@redpen.local', password: 'Tutor!2345', role: 'tutor' },
} as const;

async function login(who: keyof typeof DEMO): Promise<{ token: string; user: { name: string } }> {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO[who].email, password: DEMO[who].password }) });
  assert.equal(res.status, 200, `the demo ${who} signs in`);
  return (await res.json()) as { token: string; user: { name: string } };
}

async function signedInPage(who: keyof typeof DEMO): Promise<{ page: Page; name: string }> {
  const { token, user } = await login(who);
  const page = await newPage(browser);
  await page.addInitScript(
    ([t, u, role]) => {
      if (localStorage.getItem('token')) return; // once: later pages keep what the app did with it
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
      localStorage.setItem('currentRole', role);
    },
    [token, JSON.stringify(user), DEMO[who].role],
  );
  return { page, name: user.name };
}

describe('tutoring', () => {
  test('a student books the demo tutor, pays on the local gateway, and both sides see the session', async () => {
    const { page } = await signedInPage('student');
    const tutorName = (await login('tutor')).user.name;
    const studentToken = (await login('student')).token;
    // Letters, not a long digit run: a purpose is screened for contact details, and 13 digits read as a phone number.
    const purpose = `Medicine interview practice ${Date.now().toString(36)}`;

    await gotoApp(page, '/student/tutor-list');
    const card = page.getByRole('article', { name: tutorName });
    await card.waitFor();
    // The rate is pounds on the wire with its pence twin; the card shows £ with two decimals from the twin.
    const listed = (await (await fetch(`${baseUrl}/api/tutor/getTutorProfilesforTutoring`, { headers: { authorization: `Bearer ${studentToken}` } })).json()) as {
      tutors: { fullName: string; hourlyRate: number; hourlyRatePence: number }[];
    };
    const rate = listed.tutors.find((t) => t.fullName === tutorName);
    assert.ok(rate, 'the demo tutor is listed');
    assert.equal(rate.hourlyRate, rate.hourlyRatePence / 100, 'hourlyRate is pounds, hourlyRatePence its twin');
    const cardText = await card.innerText();
    assert.ok(cardText.includes(`£${(rate.hourlyRatePence / 100).toFixed(2)}/hour`), `the card shows the rate in pounds: ${cardText}`);
    assert.ok(!cardText.includes(`£${rate.hourlyRatePence.toLocaleString('en-GB')}.00`), 'never the pence as pounds');
    await card.getByRole('button', { name: 'Book Session' }).click();
    const dialog = page.getByRole('dialog', { name: `Book a session with ${tutorName}` });
    await dialog.waitFor();

    // The first day of the week ahead that still has a bookable slot (the tutor teaches most days).
    const days = dialog.getByLabel('Select Day');
    const dayCount = await days.locator('option').count();
    let booked = false;
    for (let i = 1; i < dayCount && !booked; i++) {
      await days.selectOption({ index: i });
      const times = dialog.getByLabel('Select Time');
      if ((await times.count()) === 0 || (await times.locator('option').count()) < 2) continue;
      await times.selectOption({ index: 1 });
      booked = true;
    }
    assert.ok(booked, 'some day of the coming week has a free slot');
    const bookButton = dialog.getByRole('button', { name: 'Book Session' });
    assert.equal(await bookButton.isDisabled(), true, 'Book Session waits for the purpose');
    await dialog.getByLabel('Purpose').fill(purpose);
    await bookButton.click();

    await page.getByText(/test mode/i).first().waitFor({ timeout: 30_000 });
    assert.equal(await page.evaluate(() => localStorage.getItem('paymentType')), 'tutoring', 'the checkout round trip remembers a tutoring payment');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.getByText('Session booked successfully! Redirecting to chats...').waitFor();
    assert.match(pathOf(page), /^\/payment-success\/tutoring\?session_id=local_/);
    await screenshot(page, 'tutoring-booked');
    await page.waitForURL((url) => url.pathname === '/student/chats', { timeout: 15_000 });

    await gotoApp(page, '/student/interviews');
    await page.getByText(purpose).first().waitFor();
    await screenshot(page, 'tutoring-my-sessions');
    const problems = takeProblems(page).filter((p) => p.kind === 'pageerror');
    assert.deepEqual(problems, [], problems.map((p) => p.text).join('\n'));
    await page.close();

    const { page: tutorPage } = await signedInPage('tutor');
    await gotoApp(tutorPage, '/tutor/interviews');
    await tutorPage.getByText(purpose).first().waitFor();
    await screenshot(tutorPage, 'tutoring-tutor-upcoming');
    await tutorPage.close();
  });
});
