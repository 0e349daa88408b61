import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../../components/ui/DataTable';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatDate } from '../../../lib/format';
import type { AdminPayment, Pagination } from '../queries';
import { PAYMENT_TYPES, capitalise, lastChars, money, pagerText, paymentBadge } from '../rules';

const columns = (onView: (id: string) => void): DataTableColumn<AdminPayment>[] => [
  {
    key: 'payment',
    header: 'Payment',
    rowHeader: true,
    // A long description wraps to two lines at most; the whole text is its title (hover) and in the details dialog.
    cell: (p) => (
      <Stack gap="0" minW="48" whiteSpace="normal">
        <Text lineClamp={2} title={p.description} overflowWrap="anywhere">
          {p.description}
        </Text>
        <Text fontSize="xs" color="fg.muted" fontWeight="normal">
          ID: {lastChars(p._id, 8)} · Session: {lastChars(p.stripeSessionId, 12)}
        </Text>
      </Stack>
    ),
  },
  { key: 'type', header: 'Type', cell: (p) => <Text whiteSpace="normal">{PAYMENT_TYPES[p.type]}</Text> },
  {
    key: 'amount',
    header: 'Amount',
    cell: (p) => (
      <Stack gap="0">
        <Text>{money(p.amountPence)}</Text>
        {p.platformCommissionPence > 0 && (
          <Text fontSize="xs" color="fg.muted">
            Commission: {money(p.platformCommissionPence)}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'payer',
    header: 'Payer',
    cell: (p) => (
      <Stack gap="0" whiteSpace="normal">
        <Text overflowWrap="anywhere">{p.payer.userId?.name ?? 'Platform'}</Text>
        <Text fontSize="xs" color="fg.muted">
          {capitalise(p.payer.userType)}
        </Text>
      </Stack>
    ),
  },
  { key: 'status', header: 'Status', cell: (p) => <StatusBadge status={paymentBadge(p.status)} /> },
  { key: 'date', header: 'Date', cell: (p) => formatDate(p.createdAt) },
  {
    key: 'view',
    header: 'Actions',
    cell: (p) => (
      <Button size="xs" variant="outline" onClick={() => onView(p._id)}>
        View Details
      </Button>
    ),
  },
];

export function PaymentsTable({
  rows,
  pagination,
  query,
  onView,
  onPage,
}: {
  rows: AdminPayment[] | undefined;
  pagination?: Pagination;
  /** The list's query: its loading and failure ("Failed to load payments") are shown in the table. */
  query: DataTableProps<AdminPayment>['query'];
  onView: (id: string) => void;
  onPage: (page: number) => void;
}) {
  return (
    <Stack gap="3">
      <DataTable caption="Payments" captionHidden cardsOnPhones columns={columns(onView)} rows={rows} query={query} errorHeadline="Failed to load payments" rowKey={(p) => p._id} empty="No payments found" />
      {pagination && pagination.totalPages > 1 && (
        <HStack as="nav" aria-label="Payment pages" justify="space-between">
          <Button size="sm" variant="outline" disabled={!pagination.hasPrev} onClick={() => onPage(pagination.currentPage - 1)}>
            Previous
          </Button>
          <Text fontSize="sm" aria-live="polite">
            Showing {pagerText(pagination)}
          </Text>
          <Button size="sm" variant="outline" disabled={!pagination.hasNext} onClick={() => onPage(pagination.currentPage + 1)}>
            Next
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
