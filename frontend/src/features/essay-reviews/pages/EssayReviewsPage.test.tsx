import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { formatDayTime } from '@redpen/shared/dates';
import { essay, signInTutor } from '../test-fixtures';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const hoursAhead = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString();

const held = { accepted: true, acceptedAt: hoursAgo(2), status: 'In Progress' as const };
// The server's instants: the discussion ends 24 h after acceptance (its WORDCOUNT_WINDOW_SECONDS).
const notConfirmed = essay({ _id: 'a1', title: 'Unconfirmed essay', state: 'accepted', discussionEndsAt: hoursAhead(22), ...held });
const unpaid = essay({ _id: 'a2', title: 'Unpaid essay', state: 'accepted', tutorConfirmed: true, discussionEndsAt: hoursAhead(22), ...held });
const marking = essay({ _id: 'p1', title: 'Essay to mark', state: 'paid', paymentStatus: 'Paid', paid_time: hoursAgo(2), markingDueAt: hoursAhead(46), ...held });
const late = essay({ _id: 'p2', title: 'Late essay', state: 'paid', paymentStatus: 'Paid', paid_time: hoursAgo(50), markingDueAt: hoursAgo(2), overdue: true, ...held });
const lateNoFlag = essay({ _id: 'p3', title: 'Just late essay', state: 'paid', paymentStatus: 'Paid', paid_time: hoursAgo(30), expedited: true, markingDueAt: hoursAgo(6), ...held });
const revision = essay({ _id: 'r1', title: 'Revision essay', state: 'revision_requested', status: 'Revision Requested', paymentStatus: 'Paid', paid_time: hoursAgo(90), completedAt: hoursAgo(20), revisionRequestedAt: hoursAgo(10), markingDueAt: hoursAhead(38), accepted: true });
const done = { state: 'completed' as const, status: 'Completed' as const, paymentStatus: 'Paid' as const, paid_time: hoursAgo(90), accepted: true, score: 8, feedback: 'Good work.' };
const acceptedByStudent = essay({ _id: 'c1', title: 'Accepted review', ...done, completedAt: hoursAgo(5), student_accept: true });
const oldEnough = essay({ _id: 'c2', title: 'Old review', ...done, completedAt: hoursAgo(49), payoutAvailableAt: hoursAgo(1) });
const tooRecent = essay({ _id: 'c3', title: 'Recent review', ...done, completedAt: hoursAgo(47), payoutAvailableAt: hoursAhead(1) });
const paidOut = essay({ _id: 'c4', title: 'Paid review', ...done, completedAt: hoursAgo(100), student_accept: true, tutor_paid: true });

const ALL = [notConfirmed, unpaid, marking, late, lateNoFlag, revision, acceptedByStudent, oldEnough, tooRecent, paidOut];
const MINE = 'GET /api/tutor/getAllEssays';
const NO_STRIPE = { available: false, connected: false, payoutsEnabled: false, detailsSubmitted: false };

beforeEach(() => {
  installPointerEvent();
  signInTutor();
  // Only the clock is fixed: timers stay real so the page's requests and React's scheduling run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('essay reviews', { timeout: 30_000 }, () => {
  it("a cancelled essay's card names no student: no dangling separator, and no 'Student: Not provided' in its details", async () => {
    const cancelled = essay({ _id: 'x1', title: 'Cancelled essay', state: 'cancelled', status: 'Cancelled', studentName: '', accepted: true, acceptedAt: hoursAgo(30) });
    stubApi({ [MINE]: () => jsonResponse(200, { essays: [cancelled] }), 'GET /api/tutor/payoutAccount': () => jsonResponse(200, NO_STRIPE) });
    renderApp('/tutor/essay-feedback');
    await screen.findByRole('list', { name: 'Your essays' });
    expect(within(card('Cancelled essay')).getByText('History · A-Level')).toBeInTheDocument();
    expect(within(card('Cancelled essay')).queryByText(/·\s*$/)).not.toBeInTheDocument();
    await userEvent.click(within(card('Cancelled essay')).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelled essay' });
    expect(within(dialog).queryByText('Student')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Subject')).toBeInTheDocument();
  });

  it('badges each essay: Not Accepted, Payment Pending, time left, Overdue, Revision Requested, Completed', async () => {
    stubApi({ [MINE]: () => jsonResponse(200, { essays: ALL }), 'GET /api/tutor/payoutAccount': () => jsonResponse(200, NO_STRIPE) });
    renderApp('/tutor/essay-feedback');
    await screen.findByRole('list', { name: 'Your essays' });
    expect(within(card('Unconfirmed essay')).getByText('Not Accepted')).toBeInTheDocument();
    expect(within(card('Unpaid essay')).getByText('Payment Pending')).toBeInTheDocument();
    expect(within(card('Essay to mark')).getByText('1d 22h 0m left')).toBeInTheDocument();
    expect(within(card('Late essay')).getByText('Overdue')).toBeInTheDocument();
    // Expedited and due 6 h ago: the server has not flagged it yet, its markingDueAt has passed all the same.
    expect(within(card('Just late essay')).getByText('Overdue')).toBeInTheDocument();
    expect(within(card('Revision essay')).getByText('Revision Requested')).toBeInTheDocument();
    expect(within(card('Accepted review')).getByText('Completed')).toBeInTheDocument();
    // The way on from each: the discussion while accepted, the marking form once paid.
    expect(within(card('Unconfirmed essay')).getByRole('link', { name: 'Open Discussion' })).toHaveAttribute('href', '/tutor/chat/a1');
    expect(within(card('Essay to mark')).getByRole('link', { name: 'Mark Essay' })).toHaveAttribute('href', '/tutor/essay-feedback/p1');
    expect(within(card('Revision essay')).getByRole('link', { name: 'Mark Essay' })).toHaveAttribute('href', '/tutor/essay-feedback/r1');
    expect(within(card('Accepted review')).getByRole('link', { name: 'View Feedback' })).toHaveAttribute('href', '/tutor/essay-feedback/c1');
  });

  it('shows Get Paid only when completed, not paid out, and accepted by the student or over 48 h old', async () => {
    stubApi({ [MINE]: () => jsonResponse(200, { essays: ALL }), 'GET /api/tutor/payoutAccount': () => jsonResponse(200, NO_STRIPE) });
    renderApp('/tutor/essay-feedback');
    await screen.findByRole('list', { name: 'Your essays' });
    expect(within(card('Accepted review')).getByRole('button', { name: 'Get Paid' })).toBeInTheDocument();
    expect(within(card('Old review')).getByRole('button', { name: 'Get Paid' })).toBeInTheDocument();
    expect(within(card('Recent review')).queryByRole('button', { name: 'Get Paid' })).not.toBeInTheDocument();
    expect(within(card('Recent review')).getByText(/You can get paid when the student accepts your feedback, or from/)).toBeInTheDocument();
    expect(within(card('Paid review')).queryByRole('button', { name: 'Get Paid' })).not.toBeInTheDocument();
    expect(within(card('Paid review')).getByText('Paid out')).toBeInTheDocument();
    for (const title of ['Revision essay', 'Essay to mark', 'Unpaid essay']) {
      expect(within(card(title)).queryByRole('button', { name: 'Get Paid' })).not.toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Get Paid' })).toHaveLength(2);
  });

  it('follows the server’s instants, not a window of its own (a deployment with shorter windows)', async () => {
    // Completed 10 minutes ago and already payable; accepted 5 minutes ago with 2 minutes left to agree.
    const quick = essay({ _id: 'q1', title: 'Quick review', ...done, completedAt: hoursAgo(1 / 6), payoutAvailableAt: hoursAgo(1 / 12) });
    const agreeing = essay({ _id: 'q2', title: 'Quick discussion', state: 'accepted', ...held, acceptedAt: hoursAgo(1 / 12), discussionEndsAt: hoursAhead(1 / 30) });
    stubApi({ [MINE]: () => jsonResponse(200, { essays: [quick, agreeing] }), 'GET /api/tutor/payoutAccount': () => jsonResponse(200, NO_STRIPE) });
    renderApp('/tutor/essay-feedback');
    await screen.findByRole('list', { name: 'Your essays' });
    expect(within(card('Quick review')).getByRole('button', { name: 'Get Paid' })).toBeInTheDocument();
    const until = formatDayTime(NOW.getTime() + 2 * 60_000);
    expect(within(card('Quick discussion')).getByTestId('essay-turn')).toHaveTextContent(`Agree the word count by ${until}`);
  });

  it('filters All Essays, In Progress and Completed through the URL, and searches titles case-insensitively', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ [MINE]: () => jsonResponse(200, { essays: ALL }), 'GET /api/tutor/payoutAccount': () => jsonResponse(200, NO_STRIPE) });
    const { router } = renderApp('/tutor/essay-feedback?filter=completed');
    const list = await screen.findByRole('list', { name: 'Your essays' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'In Progress' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ filter: 'in-progress' }));
    const titles = () => within(screen.getByRole('list', { name: 'Your essays' })).getAllByRole('heading').map((h) => h.textContent);
    expect(titles()).toEqual(['Unconfirmed essay', 'Unpaid essay', 'Essay to mark', 'Late essay', 'Just late essay', 'Revision essay']);

    await user.type(screen.getByLabelText('Search'), 'LATE');
    await waitFor(() => expect(titles()).toEqual(['Late essay', 'Just late essay']));
    await waitFor(() => expect(router.state.location.search).toEqual({ filter: 'in-progress', search: 'LATE' }));

    await user.click(screen.getByRole('button', { name: 'All Essays' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'LATE' }));
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'nothing like this');
    expect(await screen.findByText('No essays found')).toBeInTheDocument();
  });

  it('Get Paid states the amount the tutor receives, on the button and in the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      [MINE]: () => jsonResponse(200, { essays: [{ ...acceptedByStudent, pricePence: 1990, price: 19.9, tutorEarningsPence: 1592, tutorEarnings: 15.92 }] }),
      'GET /api/tutor/payoutAccount': () => jsonResponse(200, NO_STRIPE),
    });
    renderApp('/tutor/essay-feedback');
    await user.click(await screen.findByRole('button', { name: 'Get Paid £15.92' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Get paid for this review?' });
    expect(ask).toHaveTextContent('Request your payout of £15.92 for “Accepted review” (the essay’s price £19.90 less the platform commission)');
  });

  it('Get Paid: asks first, creates the payout, shows the success modal, then the notice with the payout’s status link', async () => {
    const user = userEvent.setup({ delay: null });
    let paid = false;
    const { calls } = stubApi({
      [MINE]: () => jsonResponse(200, { essays: [paid ? { ...acceptedByStudent, tutor_paid: true } : acceptedByStudent] }),
      'GET /api/tutor/payoutAccount': () => jsonResponse(200, NO_STRIPE),
      'POST /api/tutor/generateTutorPaymentUrl': () => {
        paid = true;
        return jsonResponse(200, { paymentUrl: '/tutor/payment-success?payout_id=po-1' });
      },
    });
    renderApp('/tutor/essay-feedback');
    await user.click(await screen.findByRole('button', { name: 'Get Paid' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Get paid for this review?' });
    expect(within(ask).getByText(/Accepted review/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/tutor/generateTutorPaymentUrl')).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Yes, get paid' }));

    const success = await screen.findByRole('dialog', { name: 'Payout requested!' });
    expect(calls.find((c) => c.key === 'POST /api/tutor/generateTutorPaymentUrl')?.body).toEqual({ essayId: 'c1' });
    await user.click(within(success).getByRole('button', { name: 'Close' }));

    const notice = await screen.findByText('Payout requested for “Accepted review”');
    // Without Stripe Connect the payout is a recorded one.
    expect(screen.getByText(/It is recorded and our team will pay it to you\./)).toBeInTheDocument();
    expect(within(notice.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'View payout status' })).toHaveAttribute(
      'href',
      '/tutor/payment-success?payout_id=po-1',
    );
    // The list is read again: the essay is paid out now.
    await waitFor(() => expect(within(card('Accepted review')).getByText('Paid out')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Get Paid' })).not.toBeInTheDocument();
  });

  it('Cancel in the confirmation pays nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({ [MINE]: () => jsonResponse(200, { essays: [acceptedByStudent] }), 'GET /api/tutor/payoutAccount': () => jsonResponse(200, NO_STRIPE) });
    renderApp('/tutor/essay-feedback');
    await user.click(await screen.findByRole('button', { name: 'Get Paid' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key === 'POST /api/tutor/generateTutorPaymentUrl')).toBe(false);
  });

  it('with Stripe payouts not set up: offers the payout setup, and says so in the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      [MINE]: () => jsonResponse(200, { essays: [acceptedByStudent] }),
      'GET /api/tutor/payoutAccount': () => jsonResponse(200, { available: true, connected: false, payoutsEnabled: false, detailsSubmitted: false }),
    });
    renderApp('/tutor/essay-feedback');
    expect(await screen.findByRole('button', { name: 'Set up payouts' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get Paid' }));
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText('Payouts are not set up')).toBeInTheDocument();
    expect(within(ask).getByRole('link', { name: 'Set up payouts on your profile' })).toHaveAttribute('href', '/tutor/profile');
  });

  it('says when the payout cannot be made', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      [MINE]: () => jsonResponse(200, { essays: [acceptedByStudent] }),
      'GET /api/tutor/payoutAccount': () => jsonResponse(200, NO_STRIPE),
      'POST /api/tutor/generateTutorPaymentUrl': () => jsonResponse(422, { message: 'This essay is not eligible for a payout yet.', code: 'PAYOUT_NOT_ELIGIBLE' }),
    });
    renderApp('/tutor/essay-feedback');
    await user.click(await screen.findByRole('button', { name: 'Get Paid' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, get paid' }));
    expect(await screen.findByText('Failed to generate payment URL. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Payout requested!' })).not.toBeInTheDocument();
  });

  it('opens the details of an essay with its files', async () => {
    const user = userEvent.setup({ delay: null });
    const withFiles = { ...acceptedByStudent, fileUrl: 'https://files.example/essay.pdf?sig=1', modelURL: 'https://files.example/marked.pdf?sig=2', studentRating: { rating: 5, feedback: 'Very helpful', ratingDate: hoursAgo(1) } };
    stubApi({ [MINE]: () => jsonResponse(200, { essays: [withFiles] }), 'GET /api/tutor/payoutAccount': () => jsonResponse(200, NO_STRIPE) });
    renderApp('/tutor/essay-feedback');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accepted review' });
    expect(within(dialog).getByText('Sally Student')).toBeInTheDocument();
    expect(within(dialog).getByText('£19.90')).toBeInTheDocument();
    expect(within(dialog).getByText('8/10')).toBeInTheDocument();
    expect(within(dialog).getByText('5/5 — “Very helpful”')).toBeInTheDocument();
    expect(within(dialog).getByText('Please focus on structure.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Essay file/ })).toHaveAttribute('href', withFiles.fileUrl);
    expect(within(dialog).getByRole('link', { name: /Marked essay/ })).toHaveAttribute('target', '_blank');
    expect(within(dialog).queryByRole('link', { name: /Marking scheme/ })).not.toBeInTheDocument();
  });

  it('has an empty state pointing to the pool, and an error state with Try Again', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    stubApi({ [MINE]: () => (fail ? jsonResponse(500, { message: 'Database down' }) : jsonResponse(200, { essays: [] })) });
    renderApp('/tutor/essay-feedback');
    expect(await screen.findByText('Failed to load essays')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No essays yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Essay Pool' })).toHaveAttribute('href', '/tutor/essay-pool');
  });
});
