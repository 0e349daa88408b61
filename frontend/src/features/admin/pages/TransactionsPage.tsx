import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FiDownload } from 'react-icons/fi';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { StatCard } from '../../../components/ui/Card';
import { AdminPageHeader } from '../components/AdminBits';
import { TransactionsTable } from '../components/TransactionsTable';
import { useListSearch } from '../hooks/useListSearch';
import { downloadTransactionsCsv, transactionsQuery, type TransactionFilters } from '../queries';
import { TRANSACTION_RANGES, TRANSACTION_TYPES, money } from '../rules';
import type { TransactionsSearch } from '../search';

export function TransactionsPage({ search, onSearchChange }: { search: TransactionsSearch; onSearchChange: (next: TransactionsSearch) => void }) {
  const { page = 1, ...filters } = search;
  const list = useQuery(transactionsQuery(filters, page));
  const box = useListSearch(filters.search ?? '', (next) => onSearchChange({ ...filters, search: next || undefined }));
  const exportCsv = useMutation({ mutationFn: (f: TransactionFilters) => downloadTransactionsCsv(f) });
  const summary = list.data?.summary;
  const tile = (pence: number | undefined) => (pence === undefined ? '—' : money(pence));

  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Transactions"
        subtitle="Revenue, payouts and refunds on the ledger"
        aside={
          <Button variant="outline" loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filters)}>
            <FiDownload aria-hidden /> Export CSV
          </Button>
        }
      />
      {exportCsv.isError && <FormAlert title={errorMessage(exportCsv.error, 'Failed to export transactions')} />}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <StatCard label="Total Revenue" value={tile(summary?.totalRevenuePence)} />
        <StatCard label="Total Payouts" value={tile(summary?.totalPayoutsPence)} />
        <StatCard label="Net Revenue" value={tile(summary?.netRevenuePence)} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
        <SelectField
          id="transactions-range"
          label="Date Range"
          options={TRANSACTION_RANGES}
          value={filters.range ?? 'all'}
          onChange={(e) => onSearchChange({ ...filters, range: e.target.value === 'all' ? undefined : (e.target.value as TransactionFilters['range']) })}
        />
        <SelectField
          id="transactions-type"
          label="Transaction Type"
          options={TRANSACTION_TYPES}
          value={filters.type ?? 'all'}
          onChange={(e) => onSearchChange({ ...filters, type: e.target.value === 'all' ? undefined : (e.target.value as TransactionFilters['type']) })}
        />
        <FormField id="transactions-search" label="Transaction ID">
          <Input type="search" placeholder="Search by transaction ID" value={box.text} onChange={(e) => box.setText(e.target.value)} bg="white" />
        </FormField>
      </SimpleGrid>
      <TransactionsTable rows={list.data?.transactions} pagination={list.data?.pagination} query={list} onPage={(next) => onSearchChange({ ...search, page: next })} />
    </Stack>
  );
}
