import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, offSchemaResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { pagination, requestedUrls, signInAdmin } from '../test-fixtures';

beforeEach(() => signInAdmin());

const payment = {
  _id: 'pay-0000-1111-abcdefgh',
  description: 'Essay review: The Tudors',
  type: 'student_essay_payment' as const,
  amount: 18.15,
  amountPence: 1815,
  platformCommission: 3.63,
  platformCommissionPence: 363,
  tutorEarnings: 14.52,
  tutorEarningsPence: 1452,
  refundedAmountPence: 0,
  currency: 'GBP',
  status: 'completed' as const,
  stripeSessionId: 'cs_test_000011112222333344445555',
  paymentMethod: 'stripe_card' as const,
  payer: { userId: { _id: 's1', name: 'Sam Student', email: 'sam@example.com' }, userType: 'student' as const },
  recipient: { userId: null, userType: 'platform' as const },
  essay: { title: 'The Tudors', academicLevel: 'A-Level' },
  metadata: { source: 'checkout' },
  createdAt: '2026-03-01T10:00:00.000Z',
  paidAt: '2026-03-01T10:01:00.000Z',
  history: [],
  adminNotes: null,
};
const STATS = { overall: { netProfitPence: 120050, studentPaymentsPence: 200000, tutorPaymentsPence: 79950 } };
// `GET /api/admin/payments/stats` also reads as `/api/admin/payments/{id}` with id "stats" to the stub's key type,
// which then demands the detail's body: the answer is the stats schema's, marked off-schema for that reason only.
const statsAnswer = () => offSchemaResponse(200, STATS);

describe('Payment Management', () => {
  it('shows the tiles in pounds, the columns, the pager line, and sends a filter change from page 1', { timeout: 20_000 }, async () => {
    const { fetchMock } = stubApi({
      'GET /api/admin/payments': () => jsonResponse(200, { payments: [payment], pagination: pagination(2, 3, 45) }),
      'GET /api/admin/payments/stats': statsAnswer,
    });
    const user = userEvent.setup();
    renderApp('/admin/payments?page=2');

    expect(await screen.findByRole('heading', { name: 'Payment Management' })).toBeInTheDocument();
    expect(screen.getByText('Monitor and manage all platform payments')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Net Profit (Revenue minus Payouts)').previousElementSibling).toHaveTextContent('£1,200.50'));
    expect(screen.getByText('Payouts (tutor payments)').previousElementSibling).toHaveTextContent('£799.50');
    const row = (await screen.findByText('Essay review: The Tudors')).closest('tr')!;
    expect(within(row).getByText('ID: abcdefgh · Session: 333344445555')).toBeInTheDocument();
    expect(within(row).getByText('£18.15')).toBeInTheDocument();
    expect(within(row).getByText('Commission: £3.63')).toBeInTheDocument();
    expect(within(row).getByText('Sam Student')).toBeInTheDocument();
    expect(within(row).getByText('Student to Essay')).toBeInTheDocument();
    // A long description is clamped to two lines in the table; its whole text is the hover title.
    expect(within(row).getByText('Essay review: The Tudors')).toHaveAttribute('title', 'Essay review: The Tudors');
    expect(screen.getByRole('option', { name: 'Platform to Tutor (essay)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Platform to Tutor (tutoring)' })).toBeInTheDocument();
    expect(screen.getByText('Showing page 2 of 3 (45 total payments)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await user.selectOptions(screen.getByLabelText('Status'), 'Refunded');
    await waitFor(() => expect(requestedUrls(fetchMock).some((url) => url.includes('status=refunded') && url.includes('page=1'))).toBe(true));
  });

  it('hides the pager on one page and the commission line at 0, and shows N/A without a session', { timeout: 15_000 }, async () => {
    stubApi({
      'GET /api/admin/payments': () => jsonResponse(200, { payments: [{ ...payment, stripeSessionId: null, platformCommissionPence: 0 }], pagination: pagination(1, 1, 1) }),
      'GET /api/admin/payments/stats': () => offSchemaResponse(500, { message: 'stats down' }),
    });
    renderApp('/admin/payments');
    expect(await screen.findByText('ID: abcdefgh · Session: N/A')).toBeInTheDocument();
    expect(screen.queryByText(/total payments/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Commission:/)).not.toBeInTheDocument();
  });

  it('says "Failed to load payments" when the list fails', { timeout: 15_000 }, async () => {
    stubApi({
      'GET /api/admin/payments': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/admin/payments');
    expect(await screen.findByText('Failed to load payments', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('opens the details and changes the status with admin notes', { timeout: 20_000 }, async () => {
    const { calls } = stubApi({
      'GET /api/admin/payments': () => jsonResponse(200, { payments: [payment], pagination: pagination(1, 1, 1) }),
      'GET /api/admin/payments/stats': statsAnswer,
      'GET /api/admin/payments/{id}': () => jsonResponse(200, { payment }),
      'PUT /api/admin/payments/{id}/status': () => jsonResponse(200, { payment: { ...payment, status: 'refunded' } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/payments');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(await within(dialog).findByText('pay-0000-1111-abcdefgh')).toBeInTheDocument();
    expect(within(dialog).getByText('The Tudors (A-Level)')).toBeInTheDocument();
    expect(within(dialog).getByText('£14.52')).toBeInTheDocument();
    expect(within(dialog).getByText('checkout')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Refunded');
    await user.type(within(dialog).getByLabelText('Admin notes'), 'Refunded by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/admin/payments/pay-0000-1111-abcdefgh/status')?.body).toEqual({ status: 'refunded', adminNotes: 'Refunded by phone' }),
    );
  });

  it('alerts "Failed to load payment details" when the detail fails', { timeout: 15_000 }, async () => {
    stubApi({
      'GET /api/admin/payments': () => jsonResponse(200, { payments: [payment], pagination: pagination(1, 1, 1) }),
      'GET /api/admin/payments/{id}': () => jsonResponse(404, { message: 'Payment not found' }),
    });
    const user = userEvent.setup();
    renderApp('/admin/payments');
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    expect(await screen.findByText('Failed to load payment details')).toBeInTheDocument();
  });
});
