import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatSocket } from '../../../test/chat-socket-double';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { STUDENT_ID, contact, essay, signInTutor } from '../test-fixtures';

const NOW = new Date('2026-03-10T12:00:00.000Z').getTime();
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const ahead = (ms: number) => new Date(NOW + ms).toISOString();
const HOUR = 3_600_000;

const GET = 'GET /api/essays/e1';
// Accepted an hour ago; the server's discussionEndsAt (acceptedAt + its WORDCOUNT_WINDOW_SECONDS) in 23 h.
const held = (over = {}) =>
  essay({ _id: 'e1', state: 'accepted', status: 'In Progress', accepted: true, acceptedAt: ago(HOUR), discussionEndsAt: ahead(23 * HOUR), fileUrl: 'https://files.example/e1.pdf', ...over });
const CONTACTS = { 'GET /api/tutor/getAllContactsForTutor': () => jsonResponse(200, { students: [contact()] }) };
const message = (over: Record<string, unknown>) => ({
  _id: 'm1',
  sender: STUDENT_ID,
  recipient: 'tutor-1',
  senderModel: 'Student' as const,
  senderRole: 'student' as const,
  content: 'Hello!',
  timestamp: ago(10 * 60_000),
  essayId: 'e1',
  masked: [],
  ...over,
});

beforeEach(() => {
  installPointerEvent();
  signInTutor();
  // The essays are dated from NOW: only the clock is fixed here, timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/**
 * Fake clock and intervals (the countdown's tick); timeouts stay real so the page loads as usual. Animation frames
 * are faked too: otherwise frames asked for while intervals are fake never arrive once they are real again, and a later
 * test's dialog stays half-closed (its exit waits for a frame).
 */
function freezeClock() {
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  vi.setSystemTime(NOW);
}
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('word-count discussion', { timeout: 30_000 }, () => {
  it('shows the essay and counts down each second to the server’s discussionEndsAt', async () => {
    freezeClock();
    stubApi({ [GET]: () => jsonResponse(200, { essay: held() }), ...CONTACTS, [`GET /api/tutor/messages/${STUDENT_ID}`]: () => jsonResponse(200, { messages: [], hasMore: false }) });
    renderApp('/tutor/chat/e1');
    expect(await screen.findByRole('heading', { name: 'The causes of the First World War' })).toBeInTheDocument();
    expect(screen.getByText('1350–1650 words')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Essay file/ })).toHaveAttribute('href', 'https://files.example/e1.pdf');
    const timer = screen.getByRole('timer', { name: 'Time left' });
    expect(timer).toHaveTextContent('23:00:00');
    tick(1000);
    expect(timer).toHaveTextContent('22:59:59');
    tick(60_000);
    expect(timer).toHaveTextContent('22:58:59');
    expect(screen.queryByText('Less than 1 hour left')).not.toBeInTheDocument();
  });

  it('warns in red under the last hour, and at zero goes back to the pool with a toast', async () => {
    freezeClock();
    // A shortened window (the server's config): accepted an hour ago, yet 61 s left — the page has no window of its own.
    stubApi({ [GET]: () => jsonResponse(200, { essay: held({ discussionEndsAt: ahead(61_000) }) }), ...CONTACTS, 'GET /api/tutor/getAvailableEssays': () => jsonResponse(200, { essays: [] }) });
    const { router } = renderApp('/tutor/chat/e1');
    const timer = await screen.findByRole('timer', { name: 'Time left' });
    expect(timer).toHaveTextContent('00:01:01');
    expect(screen.getByText('Less than 1 hour left')).toBeInTheDocument();
    tick(60_000);
    expect(timer).toHaveTextContent('00:00:01');
    expect(router.state.location.pathname).toBe('/tutor/chat/e1');
    tick(1000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor/essay-pool'));
    expect(await screen.findByText('Time is up: the essay has been returned to the pool.')).toBeInTheDocument();
  });

  it('does not warn with more than an hour left', async () => {
    freezeClock();
    stubApi({ [GET]: () => jsonResponse(200, { essay: held({ discussionEndsAt: ahead(HOUR + 1000) }) }), ...CONTACTS });
    renderApp('/tutor/chat/e1');
    expect(await screen.findByRole('timer', { name: 'Time left' })).toHaveTextContent('01:00:01');
    expect(screen.queryByText('Less than 1 hour left')).not.toBeInTheDocument();
    tick(2000);
    expect(screen.getByText('Less than 1 hour left')).toBeInTheDocument();
  });

  it('Confirm refuses a count outside the ±10 % band, then confirms an agreed count and opens the marking page', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      [GET]: () => jsonResponse(200, { essay: held() }),
      ...CONTACTS,
      'POST /api/essays/e1/confirm': () => jsonResponse(200, { message: 'Word count confirmed', essay: held({ tutorConfirmed: true, wordCount: 1600 }) }),
      'POST /api/tutor/getEssay': () => jsonResponse(200, { essay: held({ tutorConfirmed: true }) }),
    });
    const { router } = renderApp('/tutor/chat/e1');
    const field = await screen.findByLabelText('Agreed word count (optional)');
    await user.type(field, '1700');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Word count must be within ±10% of the original (1350-1650)')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '1349');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Word count must be within ±10% of the original (1350-1650)')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/essays/e1/confirm')).toBe(false);

    await user.clear(field);
    await user.type(field, '1600');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor/essay-feedback/e1'));
    expect(calls.find((c) => c.key === 'POST /api/essays/e1/confirm')?.body).toEqual({ wordCount: 1600 });
  });

  it("Confirm takes any count, once, when the count is the student's estimate", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      [GET]: () => jsonResponse(200, { essay: held({ wordCountEstimated: true }) }),
      ...CONTACTS,
      'POST /api/essays/e1/confirm': () => jsonResponse(200, { message: 'Word count confirmed', essay: held({ tutorConfirmed: true, wordCount: 4000, wordCountEstimated: false }) }),
      'POST /api/tutor/getEssay': () => jsonResponse(200, { essay: held({ tutorConfirmed: true }) }),
    });
    renderApp('/tutor/chat/e1');
    const field = await screen.findByLabelText('Agreed word count (optional)');
    expect(screen.getByText(/Set the real count once; it reprices the essay\./)).toBeInTheDocument();
    await user.type(field, '4000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/essays/e1/confirm')?.body).toEqual({ wordCount: 4000 }));
  });

  it('Confirm without a count keeps the current one', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      [GET]: () => jsonResponse(200, { essay: held() }),
      ...CONTACTS,
      'POST /api/essays/e1/confirm': () => jsonResponse(200, { message: 'Word count confirmed', essay: held({ tutorConfirmed: true }) }),
    });
    const { router } = renderApp('/tutor/chat/e1');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor/essay-feedback/e1'));
    expect(calls.find((c) => c.key === 'POST /api/essays/e1/confirm')?.body).toEqual({});
  });

  it('Cancel Review asks first, then returns the essay to the pool and goes there', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      [GET]: () => jsonResponse(200, { essay: held() }),
      ...CONTACTS,
      'POST /api/essays/e1/reject': () => jsonResponse(200, { message: 'Review cancelled: the essay is back in the pool', essay: essay({ _id: 'e1' }) }),
      'GET /api/tutor/getAvailableEssays': () => jsonResponse(200, { essays: [] }),
    });
    const { router } = renderApp('/tutor/chat/e1');
    await user.click(await screen.findByRole('button', { name: 'Cancel Review' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Cancel this review?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep reviewing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key === 'POST /api/essays/e1/reject')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel Review' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel review' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor/essay-pool'));
    expect(await screen.findByText('Review cancelled: the essay is back in the pool')).toBeInTheDocument();
  });

  it('once paid: no countdown, no Cancel or Confirm, but “Paid — marking due …”', async () => {
    stubApi({
      [GET]: () => jsonResponse(200, { essay: held({ state: 'paid', paymentStatus: 'Paid', paid_time: ago(HOUR), discussionEndsAt: null, markingDueAt: '2026-03-12T11:00:00.000Z', tutorConfirmed: true }) }),
      ...CONTACTS,
    });
    renderApp('/tutor/chat/e1');
    expect(await screen.findByText(/^Paid — marking due /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mark the essay' })).toHaveAttribute('href', '/tutor/essay-feedback/e1');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('shows the conversation with the student and sends a message with Enter over the chat socket, about the essay', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = message({ _id: 'm2', sender: 'tutor-1', recipient: STUDENT_ID, senderModel: 'Tutor', senderRole: 'tutor', content: 'Shall we say 1600 words?', timestamp: ago(0) });
    const { calls } = stubApi({
      [GET]: () => jsonResponse(200, { essay: held() }),
      // Two contacts: the one named like the essay's student is the one.
      'GET /api/tutor/getAllContactsForTutor': () => jsonResponse(200, { students: [contact({ _id: 'someone-else', name: 'Oscar Other' }), contact()] }),
      [`GET /api/tutor/messages/${STUDENT_ID}`]: () => jsonResponse(200, { messages: [message({})], hasMore: false }),
    });
    renderApp('/tutor/chat/e1');
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Hello!')).toBeInTheDocument();
    const socket = await chatSocket();
    socket.serverAccepts();
    const box = screen.getByPlaceholderText('Type your message...');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.clear(box);
    await user.type(box, '  Shall we say 1600 words?  {Enter}');
    // On screen at once, on its way; the box is clear for the next one.
    expect(within(log).getByText('Shall we say 1600 words?')).toBeInTheDocument();
    expect(within(log).getByText('Sending…')).toBeInTheDocument();
    expect(box).toHaveValue('');
    const send = socket.sentOf('sendMessage')[0]!;
    expect(send.payload).toMatchObject({ recipient: STUDENT_ID, content: 'Shall we say 1600 words?', essayId: 'e1' });
    await socket.serverAnswers(send, { ok: true, _id: sent._id, timestamp: sent.timestamp, message: sent });
    await waitFor(() => expect(within(log).queryByText('Sending…')).not.toBeInTheDocument());
    expect(within(log).getAllByText('Shall we say 1600 words?')).toHaveLength(1);
    // The socket carries it: the essay's HTTP route is not used.
    expect(calls.some((c) => c.key === 'POST /api/essays/e1/messages')).toBe(false);
  });

  it('shows a message from the student as it arrives on the chat socket', async () => {
    stubApi({ [GET]: () => jsonResponse(200, { essay: held() }), ...CONTACTS, [`GET /api/tutor/messages/${STUDENT_ID}`]: () => jsonResponse(200, { messages: [message({})], hasMore: false }) });
    const { unmount } = renderApp('/tutor/chat/e1');
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Hello!')).toBeInTheDocument();
    // The dashboard layout's provider opened the session's socket for the discussion.
    const socket = await chatSocket();
    socket.serverAccepts();
    // Two listeners: the discussion's thread, and the layout's unread counter (it is live on every page).
    await waitFor(() => expect(socket.listenerCount('receiveMessage')).toBe(2));

    // Another person's message changes nothing; the student's shows at once.
    socket.serverEmits('receiveMessage', { ...message({ _id: 'm4', content: 'Not for this page' }), sender: 'someone-else' });
    socket.serverEmits('receiveMessage', message({ _id: 'm3', content: 'Yes, 1,600 is right.', timestamp: ago(0) }));
    expect(await within(log).findByText('Yes, 1,600 is right.')).toBeInTheDocument();
    expect(within(log).queryByText('Not for this page')).not.toBeInTheDocument();
    // Sent twice (a repeat after a reconnection) it still shows once.
    socket.serverEmits('receiveMessage', message({ _id: 'm3', content: 'Yes, 1,600 is right.', timestamp: ago(0) }));
    expect(within(log).getAllByText('Yes, 1,600 is right.')).toHaveLength(1);
    unmount();
    expect(socket.disconnectCalls).toBe(1);
  });

  it('reloads the thread when the socket connects again (messages sent meanwhile were missed)', async () => {
    let thread = [message({})];
    const { calls } = stubApi({ [GET]: () => jsonResponse(200, { essay: held() }), ...CONTACTS, [`GET /api/tutor/messages/${STUDENT_ID}`]: () => jsonResponse(200, { messages: thread, hasMore: false }) });
    renderApp('/tutor/chat/e1');
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Hello!');
    const socket = await chatSocket();
    socket.serverAccepts();
    socket.serverDrops();
    thread = [...thread, message({ _id: 'm5', content: 'Sent while you were away' })];
    expect(within(log).queryByText('Sent while you were away')).not.toBeInTheDocument();
    socket.serverAccepts();
    expect(await within(log).findByText('Sent while you were away')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === `GET /api/tutor/messages/${STUDENT_ID}`)).toHaveLength(2);
  });

  it('shows a refused message as not sent, with Retry; the retry is sent once and confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      [GET]: () => jsonResponse(200, { essay: held() }),
      ...CONTACTS,
      [`GET /api/tutor/messages/${STUDENT_ID}`]: () => jsonResponse(200, { messages: [], hasMore: false }),
    });
    renderApp('/tutor/chat/e1');
    expect(await screen.findByText('No messages yet. Say hello and agree the word count with the student.')).toBeInTheDocument();
    const socket = await chatSocket();
    socket.serverAccepts();
    await user.type(screen.getByPlaceholderText('Type your message...'), 'Hello?{Enter}');
    const first = socket.sentOf('sendMessage')[0]!;
    await socket.serverAnswers(first, { ok: false, message: 'You are sending messages too quickly. Please slow down.', code: 'RATE_LIMITED' });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText(/Not sent: You are sending messages too quickly/)).toBeInTheDocument();
    const loads = calls.filter((c) => c.key === `GET /api/tutor/messages/${STUDENT_ID}`).length;
    await user.click(within(log).getByRole('button', { name: 'Retry' }));
    // Sent again with the same client id (the server answers a saved copy instead of a second one); nothing is read first.
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(2));
    expect(calls.filter((c) => c.key === `GET /api/tutor/messages/${STUDENT_ID}`)).toHaveLength(loads);
    const second = socket.sentOf('sendMessage')[1]!;
    expect(second.payload).toMatchObject({ recipient: STUDENT_ID, content: 'Hello?', essayId: 'e1', clientId: first.payload.clientId });
    const saved = message({ _id: 'm7', sender: 'tutor-1', recipient: STUDENT_ID, senderModel: 'Tutor', senderRole: 'tutor', content: 'Hello?', timestamp: ago(0) });
    await socket.serverAnswers(second, { ok: true, _id: saved._id, timestamp: saved.timestamp, message: saved });
    await waitFor(() => expect(within(log).queryByText(/Not sent|Sending…/)).not.toBeInTheDocument());
    expect(within(log).getAllByText('Hello?')).toHaveLength(1);
  });

  it('says when the essay is no longer the tutor’s', async () => {
    stubApi({ [GET]: () => jsonResponse(404, { message: 'Essay not found' }) });
    renderApp('/tutor/chat/e1');
    expect(await screen.findByText('Essay not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Essay Pool' })).toHaveAttribute('href', '/tutor/essay-pool');
  });
  it('reads the student\'s messages here as read everywhere: the chats\' unread count clears', async () => {
    stubApi({ [GET]: () => jsonResponse(200, { essay: held() }), ...CONTACTS, [`GET /api/tutor/messages/${STUDENT_ID}`]: () => jsonResponse(200, { messages: [message({})], hasMore: false }) });
    renderApp('/tutor/chat/e1');
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Hello!');
    const socket = await chatSocket();
    socket.serverAccepts();
    await waitFor(() => expect(socket.sentOf('markRead').map((s) => s.payload)).toEqual([{ contactId: STUDENT_ID }]));
    // A new message from the student while the page is open is read too; the tutor's own send is not a reason.
    socket.serverEmits('receiveMessage', message({ _id: 'm6', content: 'One more thing', timestamp: ago(0) }));
    await waitFor(() => expect(socket.sentOf('markRead')).toHaveLength(2));
  });
});
