import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi, onlyFor } from '../../../test/fetch';
import { formatDayTime } from '@redpen/shared/dates';
import { formatDateTime } from '../../../lib/format';
import { renderApp } from '../../../test/render';
import type { Essay } from '../essay-rules';
import { essayIn, hoursAgo, makeEssay, signInStudent } from '../test-support';

beforeEach(() => {
  installPointerEvent();
  signInStudent();
});

const list = (essays: Essay[]) => () => jsonResponse(200, { essays });

/** A list whose essays change as the actions answer (after an action the page refetches the list). */
function liveList(...essays: Essay[]) {
  const state = new Map(essays.map((essay) => [essay._id, essay]));
  return {
    list: () => jsonResponse(200, { essays: [...state.values()] }),
    answer: (message: string, change: (essay: Essay, body: unknown) => Partial<Essay>, id = essays[0]!._id) => (body: unknown) => {
      const essay = { ...state.get(id)!, ...change(state.get(id)!, body) };
      state.set(id, essay);
      return jsonResponse(200, { message, essay });
    },
  };
}
const card = (title: string) => screen.getByRole('article', { name: title });

describe('My Essays: the list', () => {
  it('shows the essays latest first with their status labels, links and count', async () => {
    const older = essayIn.completed({ title: 'Older essay', createdAt: hoursAgo(100) });
    const refunded = makeEssay({ title: 'Refunded essay', state: 'cancelled', status: 'Cancelled', paymentStatus: 'Refunded', price: 12.34, pricePence: 1234, createdAt: hoursAgo(200) });
    const newer = essayIn.accepted({ title: 'Newer essay', createdAt: hoursAgo(1) });
    const pending = essayIn.open({ title: 'Middle essay', createdAt: hoursAgo(10) });
    stubApi({ 'GET /api/student/essays': list([older, newer, pending, refunded]) });
    renderApp('/student/essays');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Essays' })).toBeInTheDocument();
    expect(screen.getByText('Manage and track your essay submissions')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Newer essay' });
    const titles = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(titles).toEqual(['Newer essay', 'Middle essay', 'Older essay', 'Refunded essay']);
    expect(within(card('Newer essay')).getByText('Under Review')).toBeInTheDocument();
    expect(within(card('Older essay')).getByText('Reviewed')).toBeInTheDocument();
    expect(within(card('Middle essay')).getByText('Pending')).toBeInTheDocument();
    expect(within(card('Older essay')).getByRole('link', { name: /View Details/ })).toHaveAttribute('href', `/student/essay/${older._id}`);
    expect(within(card('Refunded essay')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(card('Refunded essay')).getByText(/£12.34 \(refunded\)/)).toBeInTheDocument();
    expect(within(card('Newer essay')).getByText('Tara Tutor')).toBeInTheDocument();
    expect(within(card('Newer essay')).getByText(/Your tutor is checking the word count/)).toBeInTheDocument();
    expect(screen.getByText('Showing 4 essays')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload New Essay' })).toHaveAttribute('href', '/student/essay-upload');
  });

  it('says whose move is next beside each badge, in words, and the filters read like the badges', async () => {
    const waiting = essayIn.open({ title: 'Waiting essay' });
    const agreeing = essayIn.accepted({ title: 'Agreeing essay', discussionEndsAt: '2026-11-28T16:18:00.000Z' });
    const payable = essayIn.accepted({ title: 'Payable essay', tutorConfirmed: true });
    const marking = essayIn.paid({ title: 'Marking essay', markingDueAt: new Date(Date.now() + 86_400_000).toISOString() });
    const ready = essayIn.completed({ title: 'Ready essay' });
    stubApi({ 'GET /api/student/essays': list([waiting, agreeing, payable, marking, ready]) });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Ready essay' });
    const turn = (title: string) => within(card(title)).getByTestId('essay-turn');
    expect(turn('Waiting essay')).toHaveTextContent('Waiting for a tutor');
    expect(turn('Agreeing essay')).toHaveTextContent(`Agree the word count by ${formatDayTime('2026-11-28T16:18:00.000Z')}`);
    expect(turn('Payable essay')).toHaveTextContent("Awaiting the student's payment");
    expect(turn('Marking essay')).toHaveTextContent(`Being marked — due ${formatDayTime(marking.markingDueAt!)}`);
    expect(turn('Ready essay')).toHaveTextContent('Feedback ready');
    const options = within(screen.getByLabelText('Status')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All Essays', 'Pending', 'Under Review or Revision Requested', 'Reviewed']);
    expect(screen.getByText('Showing 5 essays')).toBeInTheDocument();
  });

  it('says "1 essay", not "1 essay(s)"', async () => {
    stubApi({ 'GET /api/student/essays': list([essayIn.open({ title: 'Only essay' })]) });
    renderApp('/student/essays');
    expect(await screen.findByText('Showing 1 essay')).toBeInTheDocument();
  });

  it('filters by status with the server list, keeps it in the URL and hides Upload New Essay', async () => {
    const { calls } = stubApi({
      'GET /api/student/essays': list([essayIn.open({ title: 'Open one' })]),
      'GET /api/student/essays/completed': list([]),
      'GET /api/student/essays/in-progress': list([essayIn.accepted({ title: 'Being reviewed' })]),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Open one' });

    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    expect(await screen.findByText('No essays found')).toBeInTheDocument();
    expect(screen.getByText('You have no essays with the status Reviewed.')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ status: 'completed' });
    expect(calls.map((c) => c.key)).toContain('GET /api/student/essays/completed');
    expect(screen.queryByRole('link', { name: 'Upload New Essay' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'in-progress');
    expect(await screen.findByRole('article', { name: 'Being reviewed' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 essay')).toBeInTheDocument();
  });

  it('opens with the filters the URL names', async () => {
    const { calls } = stubApi({
      'GET /api/student/essays/pending': list([
        essayIn.open({ title: 'Zeta', subject: 'History' }),
        essayIn.open({ title: 'Alpha', subject: 'Physics' }),
        essayIn.open({ title: 'Other', subject: 'Chemistry' }),
      ]),
    });
    renderApp('/student/essays?status=pending&sort=title&q=a');
    await screen.findByRole('article', { name: 'Alpha' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Alpha', 'Zeta']);
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(screen.getByLabelText('Sort by')).toHaveValue('title');
    expect(screen.getByLabelText('Search by title')).toHaveValue('a');
    expect(calls.map((c) => c.key)).not.toContain('GET /api/student/essays');
  });

  it('sorts by subject and searches by title, saying when nothing matches', async () => {
    stubApi({
      'GET /api/student/essays': list([
        essayIn.open({ title: 'Waves', subject: 'Physics' }),
        essayIn.open({ title: 'Tudors', subject: 'History' }),
      ]),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Waves' });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'subject');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Tudors', 'Waves']);

    await user.type(screen.getByLabelText('Search by title'), 'wav');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(router.state.location.search).toEqual({ sort: 'subject', q: 'wav' });
    expect(screen.queryByRole('link', { name: 'Upload New Essay' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by title'), 'zzz');
    expect(await screen.findByText('No essays match your search "wavzzz".')).toBeInTheDocument();
  });

  it('invites a first upload when there are no essays', async () => {
    stubApi({ 'GET /api/student/essays': list([]) });
    renderApp('/student/essays');
    expect(await screen.findByText('Get started by uploading your first essay')).toBeInTheDocument();
    expect(screen.getByText('No essays found')).toBeInTheDocument();
  });

  it('replaces the whole list view with the error', async () => {
    // A 4xx, which the app's client does not retry.
    stubApi({ 'GET /api/student/essays': () => jsonResponse(403, { message: 'Forbidden resource' }) });
    renderApp('/student/essays');
    expect(await screen.findByText('Error: Forbidden resource')).toBeInTheDocument();
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });
});

describe('My Essays: card actions', () => {
  it('edits the word count inline within the band, and saves it', async () => {
    const essay = essayIn.open({ title: 'Editable' });
    const server = liveList(essay);
    const { calls } = stubApi({
      'GET /api/student/essays': server.list,
      'POST /api/student/updateWordCount': server.answer('Word count updated successfully', (_, body) => ({ wordCount: (body as { wordCount: number }).wordCount })),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/student/essays');
    await user.click(await screen.findByRole('button', { name: 'Edit word count of Editable' }));
    const input = within(card('Editable')).getByLabelText('Word count');
    expect(within(card('Editable')).getByText('Original: 1,000 words')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '1101');
    expect(within(card('Editable')).getByText('Must be within 900-1100 words')).toBeInTheDocument();
    expect(within(card('Editable')).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(input);
    await user.type(input, '0');
    expect(within(card('Editable')).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(input);
    await user.type(input, '1050');
    await user.click(within(card('Editable')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/student/updateWordCount')?.body).toEqual({ essayId: essay._id, wordCount: 1050 }));
    expect(await within(card('Editable')).findByText('1,050')).toBeInTheDocument();
  });

  it('offers no word-count edit once a tutor has accepted', async () => {
    stubApi({ 'GET /api/student/essays': list([essayIn.accepted({ title: 'Taken' })]) });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Taken' });
    expect(within(card('Taken')).queryByRole('button', { name: /Edit word count/ })).not.toBeInTheDocument();
    expect(within(card('Taken')).queryByRole('button', { name: 'Update Word Count' })).not.toBeInTheDocument();
  });

  it('shows the server band error in the Update Word Count modal', async () => {
    const essay = essayIn.open({ title: 'Modal one' });
    const { calls } = stubApi({
      'GET /api/student/essays': list([essay]),
      'POST /api/student/updateWordCount': () => jsonResponse(422, { message: 'Word count must be within ±10% of the original (900-1100)' }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Modal one' });
    await user.click(within(card('Modal one')).getByRole('button', { name: 'Update Word Count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Word Count' });
    const input = within(dialog).getByLabelText('Word count');
    expect(input).toHaveAttribute('min', '1');
    await user.clear(input);
    await user.type(input, '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Failed to update word count: Word count must be within ±10% of the original (900-1100)')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/student/updateWordCount')?.body).toEqual({ essayId: essay._id, wordCount: 2000 });
  });

  it('links an unconfirmed essay to its confirm step', async () => {
    const essay = essayIn.awaitingConfirmation({ title: 'Unconfirmed' });
    stubApi({ 'GET /api/student/essays': list([essay]) });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Unconfirmed' });
    expect(within(card('Unconfirmed')).getByRole('link', { name: 'Confirm Word Count' })).toHaveAttribute('href', `/student/essay-upload?essayId=${essay._id}`);
  });

  it('offers Make Payment once accepted, the count agreed and unpaid, for that essay', async () => {
    const essay = essayIn.accepted({ title: 'To pay', tutorConfirmed: true });
    const { calls } = stubApi({
      'GET /api/student/essays': list([essay, essayIn.paid({ title: 'Paid already' }), essayIn.accepted({ title: 'Still agreeing' })]),
      // A failure keeps the browser here (a success would navigate away, which jsdom cannot do).
    'POST /api/student/generatePaymentUrl': () => jsonResponse(503, { message: 'Payments are unavailable' }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'To pay' });
    expect(within(card('Paid already')).queryByRole('button', { name: 'Make Payment' })).not.toBeInTheDocument();
    expect(within(card('Still agreeing')).queryByRole('button', { name: 'Make Payment' })).not.toBeInTheDocument();
    expect(within(card('Still agreeing')).getByText(/You can pay once it is agreed/)).toBeInTheDocument();
    await user.click(within(card('To pay')).getByRole('button', { name: 'Make Payment' }));
    // The payments feature's button, asking for this essay's checkout.
    expect(await within(card('To pay')).findByText('Failed to generate payment URL: Payments are unavailable')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/student/generatePaymentUrl')?.body).toEqual({ essayId: essay._id });
  });

  it('accepts the feedback after the confirm dialog, then shows Success! and offers Rate Tutor', async () => {
    const essay = essayIn.completed({ title: 'Reviewed one' });
    const server = liveList(essay);
    const { calls } = stubApi({
      'GET /api/student/essays': server.list,
      'POST /api/student/acceptEssay/{id}': onlyFor({ id: essay._id }, server.answer('Essay feedback accepted successfully!', () => ({ student_accept: true }))),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Reviewed one' });
    await user.click(within(card('Reviewed one')).getByRole('button', { name: 'Accept Feedback' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Accept Feedback?' });
    expect(within(confirm).getByText("Accepting finalises the review: your tutor's payment is released and you can no longer ask for a revision. You have already paid, so nothing more is charged.")).toBeInTheDocument();
    expect(confirm).not.toHaveTextContent(/proceed to payment|finalize/);
    // Cancel sends nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.startsWith('POST /api/student/acceptEssay'))).toBe(false);

    await user.click(within(card('Reviewed one')).getByRole('button', { name: 'Accept Feedback' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Accept Feedback?' })).getByRole('button', { name: 'Confirm' }));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Essay feedback accepted successfully!')).toBeInTheDocument();
    await user.click(within(success).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Success!' })).not.toBeInTheDocument());
    expect(within(card('Reviewed one')).queryByRole('button', { name: 'Accept Feedback' })).not.toBeInTheDocument();
    expect(within(card('Reviewed one')).getByRole('button', { name: 'Rate Tutor' })).toBeInTheDocument();
  });

  it('requests a revision only within 7 days of the review, and shows the server refusal', async () => {
    const recent = essayIn.completed({ title: 'Recent review' });
    const old = essayIn.completed({ title: 'Old review', completedAt: hoursAgo(8 * 24), revisionAvailableUntil: hoursAgo(24) });
    const { calls } = stubApi({
      'GET /api/student/essays': list([recent, old]),
      'POST /api/student/requestRevision/{id}': onlyFor({ id: recent._id }, () =>
        jsonResponse(409, { code: 'ESSAY_NOT_EDITABLE', message: 'A revision can be requested within 7 days of the review, before you accept it.' }),
      ),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Recent review' });
    expect(within(card('Old review')).queryByRole('button', { name: 'Request Revision' })).not.toBeInTheDocument();
    await user.click(within(card('Recent review')).getByRole('button', { name: 'Request Revision' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Request Revision?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to request revision: A revision can be requested within 7 days of the review, before you accept it.')).toBeInTheDocument();
    expect(calls.some((c) => c.key === `POST /api/student/requestRevision/${recent._id}`)).toBe(true);
  });

  it('cancels an unpaid essay, and says "Cancel and refund" for a paid one until the server\'s refundableUntil', async () => {
    const paid = essayIn.paid({ title: 'Paid recently', price: 16.5, pricePence: 1650 });
    const paidLongAgo = essayIn.paid({ title: 'Paid long ago', paid_time: hoursAgo(30), refundableUntil: hoursAgo(6) });
    const open = essayIn.open({ title: 'Not paid' });
    const { calls } = stubApi({
      'GET /api/student/essays': list([paid, paidLongAgo, open]),
      'POST /api/student/cancelEssay/{id}': onlyFor({ id: paid._id }, () =>
        jsonResponse(200, { message: 'Essay cancelled: your payment is being refunded in full', essay: { ...paid, state: 'cancelled', status: 'Cancelled' } }),
      ),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Paid recently' });
    expect(within(card('Paid long ago')).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(within(card('Not paid')).getByRole('button', { name: 'Cancel Essay' })).toBeInTheDocument();

    await user.click(within(card('Paid recently')).getByRole('button', { name: 'Cancel and refund' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel and refund?' });
    expect(within(confirm).getByText(/full refund of £16.50/)).toBeInTheDocument();
    expect(within(confirm).getByText(new RegExp(`possible until ${formatDateTime(paid.refundableUntil)}`))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Essay cancelled: your payment is being refunded in full')).toBeInTheDocument();
    expect(calls.some((c) => c.key === `POST /api/student/cancelEssay/${paid._id}`)).toBe(true);
  });

  it('rates the tutor: no stars chosen at first (a rating is required), chosen by keyboard, feedback with a counter', async () => {
    const essay = essayIn.completed({ title: 'To rate', student_accept: true });
    const server = liveList(essay);
    const { calls } = stubApi({
      'GET /api/student/essays': server.list,
      'POST /api/student/giveRating': server.answer('Rating submitted', () => ({ rated: true, studentRating: { rating: 4, feedback: 'Clear', ratingDate: hoursAgo(0) } })),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'To rate' });
    await user.click(within(card('To rate')).getByRole('button', { name: 'Rate Tutor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Tutor' });
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await within(dialog).findByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/student/giveRating')).toBe(false);

    // Arrow keys move a radio group's choice.
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    expect(within(dialog).getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('radio', { name: '4 stars' })).toBeChecked();

    await user.type(within(dialog).getByLabelText('Feedback (optional)'), 'Clear');
    expect(within(dialog).getByText('5/500')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Feedback (optional)')).toHaveAttribute('maxlength', '500');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));

    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/student/giveRating')?.body).toEqual({ type: 'essay', essayId: essay._id, ratings: 4, feedback: 'Clear' }),
    );
    expect(await screen.findByText('Rating submitted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(within(card('To rate')).queryByRole('button', { name: 'Rate Tutor' })).not.toBeInTheDocument());
    expect(within(card('To rate')).getByText('You rated this review 4/5.')).toBeInTheDocument();
  });

  it('shows a rating refusal in the modal', async () => {
    const essay = essayIn.completed({ title: 'Rated elsewhere', student_accept: true });
    stubApi({
      'GET /api/student/essays': list([essay]),
      'POST /api/student/giveRating': () => jsonResponse(409, { code: 'ESSAY_ALREADY_RATED', message: 'You have already rated this essay.' }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Rated elsewhere' });
    await user.click(within(card('Rated elsewhere')).getByRole('button', { name: 'Rate Tutor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Tutor' });
    await user.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await within(dialog).findByText('Failed to submit rating: You have already rated this essay.')).toBeInTheDocument();
  });

  it('shows nothing to do on a cancelled essay', async () => {
    stubApi({ 'GET /api/student/essays': list([makeEssay({ title: 'Gone', state: 'cancelled', status: 'Cancelled' })]) });
    renderApp('/student/essays');
    await screen.findByRole('article', { name: 'Gone' });
    expect(within(card('Gone')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(card('Gone')).queryAllByRole('button')).toHaveLength(0);
  });
});
