import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { installPointerEvent, jsonResponse, stubApi, type StubAnswer } from '../../../test/fetch';
import { CURRENT_ESSAY_ID_KEY, PAYMENT_TYPE_KEY } from '../storage';
import { CHATS_REDIRECT_MS } from './PaymentSuccessPage';

beforeEach(() => installPointerEvent());
afterEach(() => vi.useRealTimers());

function signIn(role: 'student' | 'tutor') {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: 'u1', role, name: 'Sam', email: 'sam@example.com', onboardingCompleted: true }));
  localStorage.setItem('currentRole', role);
}

const paid = { message: 'Payment successful', paymentStatus: 'Paid', status: 'completed', paymentId: 'p1', essayId: 'e1', tutoringSessionId: null, amount: 15, amountPence: 1500 } as const;

describe('student payment success', () => {
  it('asks the server with the session id only, shows Payment Successful! and forgets the round-trip keys', async () => {
    signIn('student');
    localStorage.setItem(CURRENT_ESSAY_ID_KEY, 'e1');
    localStorage.setItem(PAYMENT_TYPE_KEY, 'essay');
    const { calls } = stubApi({ 'POST /api/student/updatePaymentStatus': () => jsonResponse(200, paid) });
    renderApp('/payment-success/essay?session_id=cs_123');
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/student/updatePaymentStatus')?.body).toEqual({ sessionId: 'cs_123' });
    expect(screen.getByRole('link', { name: 'View My Essays' })).toHaveAttribute('href', '/student/essays');
    await waitFor(() => expect(localStorage.getItem(CURRENT_ESSAY_ID_KEY)).toBeNull());
    expect(localStorage.getItem(PAYMENT_TYPE_KEY)).toBeNull();
  });

  it('shows success only for a payment the server confirmed: an unknown session is not found, a failed call unconfirmed', async () => {
    signIn('student');
    localStorage.setItem(CURRENT_ESSAY_ID_KEY, 'e1');
    localStorage.setItem(PAYMENT_TYPE_KEY, 'essay');
    stubApi({ 'POST /api/student/updatePaymentStatus': () => jsonResponse(404, { message: 'Payment session not found. Please try again.', code: 'PAYMENT_NOT_FOUND' }) });
    const first = renderApp('/payment-success/essay?session_id=cs_made_up');
    expect(await screen.findByText('Payment session not found. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
    first.unmount();
    localStorage.setItem(CURRENT_ESSAY_ID_KEY, 'e1');
    localStorage.setItem(PAYMENT_TYPE_KEY, 'essay');
    stubApi({ 'POST /api/student/updatePaymentStatus': () => jsonResponse(500, { message: 'boom' }) });
    renderApp('/payment-success/essay?session_id=cs_123');
    expect(await screen.findByText(/We could not confirm your payment just now/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
  });

  it('says where to look when the stored payment data is missing', async () => {
    signIn('student');
    const { calls } = stubApi({});
    renderApp('/payment-success/essay?session_id=cs_123');
    expect(await screen.findByRole('heading', { name: 'Payment Processing Error' })).toBeInTheDocument();
    expect(screen.getByText('Payment information not found. Please check your essays page.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.includes('updatePaymentStatus'))).toHaveLength(0);
  });

  it('a tutoring payment says the session is booked and goes on to the chats', async () => {
    signIn('student');
    localStorage.setItem(CURRENT_ESSAY_ID_KEY, 's1');
    localStorage.setItem(PAYMENT_TYPE_KEY, 'tutoring');
    stubApi({
      'POST /api/student/updatePaymentStatus': () => jsonResponse(200, { ...paid, essayId: null, tutoringSessionId: 's1' }),
      'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [] }),
    });
    // The redirect's timer runs on the fake clock (Testing Library's async helpers advance it only when they see `jest`).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const { router } = renderApp('/payment-success/tutoring?session_id=cs_9');
    expect(await screen.findByText('Session booked successfully! Redirecting to chats...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CHATS_REDIRECT_MS - 1));
    expect(router.state.location.pathname).toBe('/payment-success/tutoring');
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/chats'));
  });
});

describe('student payment failed', () => {
  it('is titled Payment Failed; Try Again starts a new upload, and the remembered essay can be paid for again', async () => {
    const { browser } = await import('../hooks/usePay');
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    signIn('student');
    localStorage.setItem(PAYMENT_TYPE_KEY, 'essay');
    localStorage.setItem(CURRENT_ESSAY_ID_KEY, 'e7');
    const { calls } = stubApi({ 'POST /api/student/generatePaymentUrl': () => jsonResponse(200, { paymentUrl: 'https://checkout.test/cs_7' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/payment-failed/essay');
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText(/You have not been charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/student/essay-upload');
    expect(screen.getByRole('link', { name: 'View My Essays' })).toHaveAttribute('href', '/student/essays');
    await user.click(screen.getByRole('button', { name: 'Pay for this essay' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/cs_7'));
    expect(calls.find((c) => c.key === 'POST /api/student/generatePaymentUrl')?.body).toEqual({ essayId: 'e7' });
  });

  it('after a tutoring payment, Try Again goes to the tutors; with nothing remembered there is no pay button', async () => {
    signIn('student');
    stubApi({});
    renderApp('/payment-failed/tutoring');
    expect(await screen.findByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/student/tutors');
    expect(screen.queryByRole('button', { name: /Pay for this/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Essays' })).toHaveAttribute('href', '/student/essays');
  });
});

describe('tutor payment result', () => {
  it('goes from processing to success with the amount paid out', async () => {
    signIn('tutor');
    const { calls } = stubApi({
      'POST /api/tutor/updateTutorPaymentStatus': () => jsonResponse(200, { message: 'Payment successful', status: 'completed', payoutId: 'po1', amount: 12, amountPence: 1200 }),
    });
    renderApp('/tutor/payment-success?payout_id=po1');
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('£12.00 has been paid out to you.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/tutor/updateTutorPaymentStatus')?.body).toEqual({ payoutId: 'po1' });
    expect(screen.getByRole('link', { name: 'Back to Essays' })).toHaveAttribute('href', '/tutor/essays');
  });

  it("reads the spec's session_id as well, and never shows the pounds as pence", async () => {
    signIn('tutor');
    const { calls } = stubApi({
      'POST /api/tutor/updateTutorPaymentStatus': () => jsonResponse(200, { message: 'Payment successful', status: 'completed', payoutId: 'po1', amount: 18.15, amountPence: 1815 }),
    });
    renderApp('/tutor/payment-success?session_id=po1');
    expect(await screen.findByText('£18.15 has been paid out to you.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/tutor/updateTutorPaymentStatus')?.body).toEqual({ sessionId: 'po1' });
  });

  it("sends the spec's /tutor/essays and /tutor/support to the pages that exist", async () => {
    signIn('tutor');
    stubApi({});
    const essays = renderApp('/tutor/essays');
    await waitFor(() => expect(essays.router.state.location.pathname).toBe('/tutor/essay-feedback'));
    essays.unmount();
    const support = renderApp('/tutor/support');
    await waitFor(() => expect(support.router.state.location.pathname).toBe('/support'));
  });

  it('shows the spec errors: no payout id, a failed payout', async () => {
    signIn('tutor');
    stubApi({ 'POST /api/tutor/updateTutorPaymentStatus': () => jsonResponse(200, { message: 'x', status: 'failed', payoutId: 'po1', amount: 12, amountPence: 1200 }) });
    const { unmount } = renderApp('/tutor/payment-success');
    expect(await screen.findByText('Payment session not found. Please try again.')).toBeInTheDocument();
    unmount();
    renderApp('/tutor/payment-success?payout_id=po1');
    expect(await screen.findByText('Payment processing error. Please contact support.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/tutor/support');
  });

  it('an unknown session_id is not found, never a successful payout', async () => {
    signIn('tutor');
    stubApi({ 'POST /api/tutor/updateTutorPaymentStatus': () => jsonResponse(404, { message: 'Payment session not found. Please try again.', code: 'PAYMENT_NOT_FOUND' }) });
    renderApp('/tutor/payment-success?session_id=made-up-id');
    expect(await screen.findByText('Payment session not found. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(screen.queryByText(/paid out|has been processed/)).not.toBeInTheDocument();
  });

  it('any other refusal is not found too, and a server failure leaves the payout unconfirmed', async () => {
    signIn('tutor');
    stubApi({ 'POST /api/tutor/updateTutorPaymentStatus': () => jsonResponse(400, { message: 'Bad', code: 'VALIDATION_FAILED' }) });
    const first = renderApp('/tutor/payment-success?session_id=x');
    expect(await screen.findByText('Payment session not found. Please try again.')).toBeInTheDocument();
    first.unmount();
    stubApi({ 'POST /api/tutor/updateTutorPaymentStatus': () => jsonResponse(500, { message: 'boom' }) });
    renderApp('/tutor/payment-success?payout_id=po1');
    expect(await screen.findByText(/We could not confirm this payout just now/)).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });

  it('the failed page links to /tutor/essays and /tutor/support', async () => {
    signIn('tutor');
    stubApi({});
    renderApp('/tutor/payment-failed');
    expect(await screen.findByRole('link', { name: 'Back to Essays' })).toHaveAttribute('href', '/tutor/essays');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/tutor/support');
  });
});

describe('PayButton', () => {
  it('stores the round-trip keys, asks for the URL and goes there; on failure forgets them and says why', async () => {
    const { PayButton } = await import('../components/PayButton');
    const { browser } = await import('../hooks/usePay');
    const { TestProviders } = await import('../../../test/render');
    const { render } = await import('@testing-library/react');
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    let answer: StubAnswer<'POST /api/student/generatePaymentUrl'> = jsonResponse(200, { paymentUrl: 'https://checkout.test/cs_1' });
    const { calls } = stubApi({ 'POST /api/student/generatePaymentUrl': () => answer });
    signIn('student');
    const user = userEvent.setup({ delay: null });
    const first = render(
      <TestProviders>
        <PayButton target={{ type: 'essay', id: 'e1' }} />
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Make Payment' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/cs_1'));
    expect(calls.at(-1)?.body).toEqual({ essayId: 'e1' });
    expect(localStorage.getItem(CURRENT_ESSAY_ID_KEY)).toBe('e1');
    expect(localStorage.getItem(PAYMENT_TYPE_KEY)).toBe('essay');

    // The button stays busy while the browser leaves for the checkout; a new visit starts afresh.
    first.unmount();
    render(
      <TestProviders>
        <PayButton target={{ type: 'essay', id: 'e1' }} />
      </TestProviders>,
    );
    answer = jsonResponse(422, { message: 'This cannot be paid for yet', code: 'PAYMENT_NOT_PAYABLE' });
    await user.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByText('Failed to generate payment URL: This cannot be paid for yet')).toBeInTheDocument();
    expect(localStorage.getItem(CURRENT_ESSAY_ID_KEY)).toBeNull();
    expect(localStorage.getItem(PAYMENT_TYPE_KEY)).toBeNull();
  });
});

describe('PayoutAccountCard', () => {
  it('offers Stripe payout setup when Connect is available, and opens the onboarding link', async () => {
    const { PayoutAccountCard } = await import('../components/PayoutAccountCard');
    const { browser } = await import('../hooks/usePay');
    const { TestProviders } = await import('../../../test/render');
    const { render } = await import('@testing-library/react');
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    stubApi({
      'GET /api/tutor/payoutAccount': () => jsonResponse(200, { available: true, connected: false, payoutsEnabled: false, detailsSubmitted: false }),
      'POST /api/tutor/payoutAccount/link': () => jsonResponse(200, { url: 'https://connect.stripe.test/setup/acct_1' }),
    });
    signIn('tutor');
    const user = userEvent.setup({ delay: null });
    render(
      <TestProviders>
        <PayoutAccountCard />
      </TestProviders>,
    );
    expect(await screen.findByText('Not set up')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://connect.stripe.test/setup/acct_1'));
  });

  it('is absent when payouts are recorded (no Stripe Connect)', async () => {
    const { PayoutAccountCard } = await import('../components/PayoutAccountCard');
    const { TestProviders } = await import('../../../test/render');
    const { render } = await import('@testing-library/react');
    const { calls } = stubApi({ 'GET /api/tutor/payoutAccount': () => jsonResponse(200, { available: false, connected: false, payoutsEnabled: false, detailsSubmitted: false }) });
    signIn('tutor');
    const { container } = render(
      <TestProviders>
        <PayoutAccountCard />
      </TestProviders>,
    );
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/tutor/payoutAccount')).toBe(true));
    expect(container.textContent).not.toContain('Payouts');
  });
});
