import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import type { PaymentFilters } from '../queries';
import { PARTY_TYPES, PAYMENT_STATUSES, PAYMENT_TYPE_OPTIONS, capitalise } from '../rules';

const TYPE_OPTIONS = PAYMENT_TYPE_OPTIONS;
const STATUS_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: capitalise(value) }));
const PARTY_OPTIONS = PARTY_TYPES.map((value) => ({ value, label: capitalise(value) }));

/** The five filters and Clear Filters; the page sends any change back to page 1. */
export function PaymentFiltersBar({ filters, onChange }: { filters: PaymentFilters; onChange: (next: PaymentFilters) => void }) {
  const set = <K extends keyof PaymentFilters>(key: K, value: string) => onChange({ ...filters, [key]: value || undefined });
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 6 }} gap="3" alignItems="end">
      <SelectField
        id="payment-type"
        label="Type"
        placeholder="All types"
        options={TYPE_OPTIONS}
        value={filters.type ?? ''}
        onChange={(e) => set('type', e.target.value)}
      />
      <SelectField
        id="payment-status"
        label="Status"
        placeholder="All statuses"
        options={STATUS_OPTIONS}
        value={filters.status ?? ''}
        onChange={(e) => set('status', e.target.value)}
      />
      <SelectField
        id="payment-payer"
        label="Payer type"
        placeholder="All payers"
        options={PARTY_OPTIONS}
        value={filters.payerType ?? ''}
        onChange={(e) => set('payerType', e.target.value)}
      />
      <FormField id="payment-from" label="Date from">
        <Input type="date" value={filters.dateFrom ?? ''} onChange={(e) => set('dateFrom', e.target.value)} bg="white" />
      </FormField>
      <FormField id="payment-to" label="Date to">
        <Input type="date" value={filters.dateTo ?? ''} onChange={(e) => set('dateTo', e.target.value)} bg="white" />
      </FormField>
      <Button variant="outline" onClick={() => onChange({})}>
        Clear Filters
      </Button>
    </SimpleGrid>
  );
}
