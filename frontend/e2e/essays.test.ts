// Essays journey across two browser contexts, against the built platform and the local gateway: the
// demo student uploads a PDF and confirms its count; the demo tutor accepts it from the pool; they talk in the
// discussion; the tutor confirms; the student pays on the TEST MODE page; the tutor marks with a model answer; the
// student opens the file in the viewer, accepts the feedback and rates the tutor; the tutor is paid, once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, gotoApp, launchBrowser, pathOf, screenshot, takeProblems } from './support/index.ts';
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

async function api(token: string, path: string, json?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const pageFor = (role: Role, session: Session): Promise<Page> => signedInPage(browser, role, session);

/** An A4 PDF of `words` words in a real text layer (what a student uploads). */
async function essayPdf(words: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const all = Array.from({ length: words }, (_, i) => ['argument', 'evidence', 'analysis', 'history'][i % 4]);
  let page = pdf.addPage([595, 842]);
  let y = 800;
  for (let i = 0; i < all.length; i += 10) {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 800;
    }
    page.drawText(all.slice(i, i + 10).join(' '), { x: 50, y, size: 11, font });
    y -= 16;
  }
  return Buffer.from(await pdf.save());
}

function assertNoErrors(page: Page, where: string) {
  const problems = takeProblems(page).filter((p) => p.kind === 'pageerror' || p.kind === 'requestfailed');
  assert.deepEqual(problems, [], `${where}: ${problems.map((p) => p.text).join('\n')}`);
}

const FEEDBACK =
  'A well-structured essay whose argument is clear from the first paragraph. The evidence is relevant and well chosen, ' +
  'but each quotation needs a sentence of analysis that ties it back to the question. Weigh the counter-arguments in ' +
  'the third section and finish with a conclusion that answers the question as set.';

/**
 * A money screen shows `pence` as £ with two decimals, never the pence as pounds (the API's amounts are
 * pounds with pence twins, and the screens read the twins; £9.80 must not become £980.00).
 */
async function assertShowsPounds(scope: Locator, pence: number, where: string): Promise<void> {
  const pounds = `£${(pence / 100).toFixed(2)}`;
  await scope.getByText(pounds, { exact: false }).first().waitFor();
  assert.ok(!(await scope.innerText()).includes(`£${pence.toLocaleString('en-GB')}.00`), `${where} shows the pence as pounds`);
}

describe('essays', () => {
  test('upload, accept, discuss, pay, mark, view, accept, rate, and the tutor is paid once', async () => {
    const [studentSession, tutorSession] = await Promise.all([signIn('student'), signIn('tutor')]);
    const student = await pageFor('student', studentSession);
    const tutor = await pageFor('tutor', tutorSession);
    const title = `Journey essay ${Date.now()}`;

    // The student uploads a 320-word PDF asking for a model answer; the count is read from the file.
    await gotoApp(student, '/student/essay-upload');
    await student.locator('input[type="file"]').first().setInputFiles({ name: 'journey.pdf', mimeType: 'application/pdf', buffer: await essayPdf(320) });
    await student.getByLabel('Essay Title').fill(title);
    await student.getByLabel('Academic Level').selectOption('A-Level');
    await student.getByLabel('Subject').selectOption('History');
    await student.getByLabel('Request Type').selectOption('feedback_model');
    await student.getByRole('button', { name: 'Upload Essay' }).click();
    await student.getByRole('button', { name: 'Confirm Word Count' }).waitFor();
    assert.match(await student.getByText('320', { exact: true }).first().textContent() ?? '', /320/, 'the detected count is shown');
    const estimate = await student.getByTestId('estimated-price').textContent();
    await screenshot(student, 'essay-confirm-details');
    await student.getByRole('button', { name: 'Confirm Word Count' }).click();
    await student.waitForURL((url) => url.pathname === '/student/essays');
    await student.getByText(title).first().waitFor();
    const mine = (await api(studentSession.token, '/student/essays')).body.essays as { _id: string; title: string; state: string; price: number; pricePence: number }[];
    const essay = mine.find((e) => e.title === title);
    assert.ok(essay, 'the essay is the student’s');
    assert.equal(essay.state, 'open', 'confirming put it in the pool');
    const essayId = essay._id;
    // The API answers pounds with the pence twin; every money screen below shows the same £ amount.
    const pricePence = essay.pricePence;
    assert.equal(essay.price, pricePence / 100, 'price is pounds, pricePence its twin');
    assert.equal(estimate, `£${(pricePence / 100).toFixed(2)}`, 'the confirm step estimated the price charged');
    await assertShowsPounds(student.getByRole('article', { name: title }), pricePence, 'My Essays card');

    // The demo tutor accepts it from the pool and lands on this essay's word-count discussion.
    await gotoApp(tutor, '/tutor/essay-pool');
    const poolCard = tutor.getByRole('listitem').filter({ has: tutor.getByRole('heading', { name: title }) });
    await assertShowsPounds(poolCard, pricePence, 'pool card');
    await poolCard.getByRole('button', { name: 'Accept Essay' }).click();
    await tutor.waitForURL((url) => url.pathname === `/tutor/chat/${essayId}`);

    // They talk in the discussion: the tutor writes there, the student reads it in their chats.
    await gotoApp(tutor, `/tutor/chat/${essayId}`);
    await tutor.getByRole('timer', { name: 'Time left' }).waitFor();
    await assertShowsPounds(tutor.locator('main'), pricePence, 'word-count discussion');
    // No digits: Chat masks long numbers as possible phone numbers.
    const nonce = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const line = `Does the count look right to you, ${nonce}?`;
    await tutor.getByRole('textbox', { name: 'Message' }).fill(line);
    await tutor.getByRole('button', { name: 'Send' }).click();
    await tutor.getByRole('log', { name: 'Messages' }).getByText(line).waitFor();
    await gotoApp(student, '/student/chats');
    await student.getByText(line).first().waitFor();
    // The student's reply reaches the discussion live, on the socket (nothing polls the thread).
    const reply = `Yes, that is right, ${nonce}.`;
    await student.getByText('Connected').waitFor();
    await student.getByPlaceholder('Type your message...').fill(reply);
    await student.keyboard.press('Enter');
    await tutor.getByRole('log', { name: 'Messages' }).getByText(reply).waitFor();

    // The tutor confirms the count, which opens the marking page (not markable until paid).
    await tutor.getByRole('button', { name: 'Confirm', exact: true }).click();
    await tutor.waitForURL((url) => url.pathname === `/tutor/essay-feedback/${essayId}`);

    // The student pays from My Essays on the local gateway's TEST MODE page.
    await gotoApp(student, '/student/essays');
    await student.getByRole('article', { name: title }).getByRole('button', { name: 'Make Payment' }).click();
    await student.getByText(/test mode/i).first().waitFor();
    await student.getByRole('button', { name: `Pay £${(pricePence / 100).toFixed(2)}` }).click();
    await student.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    assert.equal(((await api(studentSession.token, `/student/essay/${essayId}`)).body.essay as { paymentStatus: string }).paymentStatus, 'Paid');

    // The tutor marks it with feedback and a model answer.
    await gotoApp(tutor, `/tutor/essay-feedback/${essayId}`);
    await assertShowsPounds(tutor.locator('main'), pricePence, 'marking page');
    await tutor.getByLabel('Score (1-10)').fill('8');
    await tutor.getByRole('form', { name: 'Submit feedback' }).locator('textarea').fill(FEEDBACK);
    await tutor.locator('input[type="file"]').setInputFiles({ name: 'model-answer.pdf', mimeType: 'application/pdf', buffer: await essayPdf(120) });
    await tutor.getByRole('button', { name: 'Submit Feedback' }).click();
    await tutor.waitForURL((url) => url.pathname === '/tutor/essay-feedback');

    // The student opens the model answer in the viewer, accepts the feedback and rates the tutor.
    await gotoApp(student, `/student/essay/${essayId}`);
    await student.getByText(FEEDBACK.slice(0, 40)).first().waitFor();
    await assertShowsPounds(student.locator('main'), pricePence, 'essay detail');
    await student.getByRole('button', { name: 'View Model answer' }).click();
    const frame = student.getByRole('dialog').locator('iframe');
    await frame.waitFor();
    // Let the browser's PDF viewer finish loading before the dialog (and the frame) goes away.
    await (await frame.elementHandle())?.contentFrame().then((viewer) => viewer?.waitForLoadState('load'));
    const src = await frame.getAttribute('src');
    assert.ok(src, 'the viewer frames a link');
    const file = await fetch(src);
    assert.equal(file.status, 200, 'the short-lived link serves the file');
    assert.equal(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString(), '%PDF-');
    await screenshot(student, 'essay-pdf-viewer');
    await student.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await student.getByRole('dialog').waitFor({ state: 'detached' });
    await student.getByRole('button', { name: 'Accept Feedback' }).click();
    const question = student.getByRole('alertdialog');
    await question.getByText("Accepting finalises the review: your tutor's payment is released and you can no longer ask for a revision. You have already paid, so nothing more is charged.").waitFor();
    await question.getByRole('button', { name: 'Confirm' }).click();
    await student.getByRole('dialog').getByText('Success!').waitFor();
    await student.getByRole('button', { name: 'Continue' }).click();
    await student.getByRole('button', { name: 'Rate Tutor' }).click();
    const fourStars = student.getByRole('dialog').getByLabel('4 stars');
    // The visually hidden radio sits under its drawn star (placed elsewhere it once fell outside the viewport).
    const [radio, star] = await Promise.all([fourStars.boundingBox(), fourStars.locator('..').boundingBox()]);
    assert.ok(radio && star && radio.x >= star.x && radio.y >= star.y && radio.x < star.x + star.width && radio.y < star.y + star.height, 'the 4-star radio lies within its star');
    await fourStars.check({ force: true });
    await student.getByRole('dialog').getByLabel('Feedback (optional)').fill('Clear, kind and quick.');
    await student.getByRole('button', { name: 'Submit Rating' }).click();
    await student.getByText(/You rated this review 4\/5/).first().waitFor();
    const rated = (await api(studentSession.token, `/student/essay/${essayId}`)).body.essay as { rated: boolean; student_accept: boolean; studentRating: { rating: number } };
    assert.deepEqual([rated.rated, rated.student_accept, rated.studentRating.rating], [true, true, 4]);

    // The tutor is paid, once: Get Paid, confirm, and the button is gone.
    await gotoApp(tutor, '/tutor/essay-feedback');
    const reviewCard = tutor.getByRole('listitem').filter({ has: tutor.getByRole('heading', { name: title }) });
    await assertShowsPounds(reviewCard, pricePence, 'essay reviews card');
    await reviewCard.getByRole('button', { name: 'Get Paid' }).click();
    await assertShowsPounds(tutor.getByRole('alertdialog').or(tutor.getByRole('dialog')).first(), pricePence, 'payout confirmation');
    await tutor.getByRole('button', { name: 'Yes, get paid' }).click();
    await tutor.getByRole('dialog').getByText('Payout requested!').waitFor();
    await screenshot(tutor, 'essay-payout-requested');
    const held = (await api(tutorSession.token, '/tutor/getEssay', { essayID: essayId })).body.essay as { tutor_paid: boolean };
    assert.equal(held.tutor_paid, true, 'the tutor is paid');
    const again = await api(tutorSession.token, '/tutor/generateTutorPaymentUrl', { essayId });
    assert.equal(again.status, 200, 'asking again answers the same payout');
    await gotoApp(tutor, '/tutor/essay-feedback');
    await reviewCard.getByText('Paid out').waitFor();
    assert.equal(await reviewCard.getByRole('button', { name: 'Get Paid' }).count(), 0, 'Get Paid is no longer offered for it');
    // The dashboard's Earnings: what the ledger paid out, in £.
    const stats = (await api(tutorSession.token, '/tutor/getDashboard')).body as { earnings: number; earningsPence: number };
    assert.equal(stats.earnings, stats.earningsPence / 100, 'earnings is pounds, earningsPence its twin');
    await gotoApp(tutor, '/tutor/dashboard');
    await assertShowsPounds(tutor.locator('main'), stats.earningsPence, 'tutor dashboard');

    assert.equal(pathOf(student), `/student/essay/${essayId}`);
    assertNoErrors(student, 'student pages');
    assertNoErrors(tutor, 'tutor pages');
  });
});
