import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { StatCard } from '../../../components/ui/Card';
import { AdminPageHeader } from '../components/AdminBits';
import { PaymentDetailsDialog } from '../components/PaymentDetailsDialog';
import { PaymentFiltersBar } from '../components/PaymentFiltersBar';
import { PaymentsTable } from '../components/PaymentsTable';
import { paymentListQuery, paymentStatsQuery } from '../queries';
import { money } from '../rules';
import { paymentFiltersOf, paymentsSearchOf, type PaymentsSearch } from '../search';

export function PaymentsPage({ search, onSearchChange }: { search: PaymentsSearch; onSearchChange: (next: PaymentsSearch) => void }) {
  const { page, filters } = paymentFiltersOf(search);
  const list = useQuery(paymentListQuery(filters, page));
  // Spec: a failure of the stats is only logged; the tiles show a dash.
  const stats = useQuery(paymentStatsQuery());
  const [viewing, setViewing] = useState<string | null>(null);
  const tile = (pence: number | undefined) => (pence === undefined ? '—' : money(pence));

  return (
    <Stack gap="6">
      <AdminPageHeader title="Payment Management" subtitle="Monitor and manage all platform payments" />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <StatCard label="Net Profit (Revenue minus Payouts)" value={tile(stats.data?.netProfitPence)} />
        <StatCard label="Revenue (student payments)" value={tile(stats.data?.studentPaymentsPence)} />
        <StatCard label="Payouts (tutor payments)" value={tile(stats.data?.tutorPaymentsPence)} />
      </SimpleGrid>
      <PaymentFiltersBar filters={filters} onChange={(next) => onSearchChange(paymentsSearchOf(next))} />
      <PaymentsTable
        rows={list.data?.payments}
        pagination={list.data?.pagination}
        query={list}
        onView={setViewing}
        onPage={(next) => onSearchChange({ ...search, page: next })}
      />
      <PaymentDetailsDialog paymentId={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
