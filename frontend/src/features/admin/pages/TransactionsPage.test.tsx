import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, offSchemaResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { pagination, requestedUrls, signInAdmin } from '../test-fixtures';

beforeEach(() => signInAdmin());

const tx = (id: string, type: 'essay_review' | 'payout', amountPence: number, email: string | null) => ({
  id,
  type,
  amountPence,
  amount: amountPence / 100,
  status: 'completed',
  createdAt: '2026-03-01T10:00:00.000Z',
  user: { name: 'X', email },
});
const SUMMARY = { totalRevenuePence: 5000, totalPayoutsPence: 2000, netRevenuePence: 3000 };

describe('Transactions', () => {
  it('shows the summary, payouts negative in red, a dash without an email; range and type go to the server', { timeout: 20_000 }, async () => {
    const { fetchMock } = stubApi({
      'GET /api/admin/transactions': () =>
        jsonResponse(200, { transactions: [tx('aaa1', 'essay_review', 1815, 'sam@example.com'), tx('bbb2', 'payout', -1452, null)], summary: SUMMARY, pagination: pagination(1, 2, 25) }),
    });
    const user = userEvent.setup();
    renderApp('/admin/transactions');

    await waitFor(() => expect(screen.getByText('Total Revenue').previousElementSibling).toHaveTextContent('£50.00'));
    expect(screen.getByText('Net Revenue').previousElementSibling).toHaveTextContent('£30.00');
    const payout = screen.getByText('bbb2').closest('tr')!;
    expect(within(payout).getByText('-£14.52')).toHaveAttribute('data-negative', 'true');
    expect(within(screen.getByText('aaa1').closest('tr')!).getByText('£18.15')).not.toHaveAttribute('data-negative');
    expect(within(payout).getByText('-')).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Date Range'), 'This Month');
    await user.selectOptions(screen.getByLabelText('Transaction Type'), 'Payouts');
    await waitFor(() => expect(requestedUrls(fetchMock).some((url) => url.includes('range=month') && url.includes('type=payout'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requestedUrls(fetchMock).some((url) => url.includes('page=2'))).toBe(true));
  });

  it('says "No transactions found" when nothing matches', async () => {
    stubApi({ 'GET /api/admin/transactions': () => jsonResponse(200, { transactions: [], summary: SUMMARY, pagination: pagination(1, 1, 0) }) });
    renderApp('/admin/transactions?search=ffff');
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(screen.getByLabelText('Transaction ID')).toHaveValue('ffff');
  });

  it('exports the filtered rows as CSV', { timeout: 20_000 }, async () => {
    const { fetchMock } = stubApi({
      'GET /api/admin/transactions': () => jsonResponse(200, { transactions: [], summary: SUMMARY, pagination: pagination(1, 1, 0) }),
      // A CSV answer (text/csv): the stub's types describe JSON bodies only.
      'GET /api/admin/transactions/export.csv': () => offSchemaResponse(200, 'id,type\n'),
    });
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/admin/transactions?range=week');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(requestedUrls(fetchMock).some((url) => url.includes('export.csv') && url.includes('range=week'))).toBe(true));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    click.mockRestore();
  });
});
