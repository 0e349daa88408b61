import { Text } from '@chakra-ui/react/text';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../../components/ui/DataTable';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatDate } from '../../../lib/format';
import { TRANSACTIONS_PAGE_SIZE, type Pagination, type Transaction } from '../queries';
import { money, paymentBadge, transactionTypeLabel } from '../rules';

const COLUMNS: DataTableColumn<Transaction>[] = [
  {
    key: 'id',
    header: 'Transaction ID',
    rowHeader: true,
    cell: (t) => (
      // The whole ID, wrapping at its dashes when the column is narrow.
      <Text fontFamily="mono" fontSize="xs" whiteSpace="normal" minW="24">
        {t.id}
      </Text>
    ),
  },
  { key: 'type', header: 'Type', cell: (t) => transactionTypeLabel(t.type) },
  { key: 'status', header: 'Status', cell: (t) => <StatusBadge status={paymentBadge(t.status)} /> },
  {
    key: 'user',
    header: 'User',
    cell: (t) => (
      <Text whiteSpace="normal" overflowWrap="anywhere" minW="32">
        {t.user.email ?? '-'}
      </Text>
    ),
  },
  { key: 'date', header: 'Date', cell: (t) => formatDate(t.createdAt) },
  {
    key: 'amount',
    header: 'Amount',
    align: 'end',
    // Money leaving the platform (payouts, refunds) is negative, in red.
    cell: (t) => <Text color={t.amountPence < 0 ? 'red.700' : undefined} data-negative={t.amountPence < 0 || undefined}>{money(t.amountPence)}</Text>,
  },
];

export function TransactionsTable({
  rows,
  pagination,
  query,
  onPage,
}: {
  rows: Transaction[] | undefined;
  pagination?: Pagination;
  /** The list's query: its loading and failure ("Failed to load transactions") are shown in the table. */
  query: DataTableProps<Transaction>['query'];
  onPage: (page: number) => void;
}) {
  return (
    <DataTable
      caption="Transactions"
      captionHidden
      cardsOnPhones
      columns={COLUMNS}
      rows={rows}
      rowKey={(t) => `${t.id}-${t.type}`}
      query={query}
      errorHeadline="Failed to load transactions"
      empty="No transactions found"
      pageSize={TRANSACTIONS_PAGE_SIZE}
      page={pagination?.currentPage ?? 1}
      total={pagination ? pagination.totalPayments : rows?.length}
      onPageChange={onPage}
    />
  );
}
