import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { AppDialog } from '../../../components/ui/dialogs';
import { QueryState } from '../../../components/ui/QueryState';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { Skeleton } from '../../../components/ui/Skeleton';
import { toastSuccess } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../lib/format';
import { adminKeys, paymentQuery, setPaymentStatus, type AdminPayment, type AdminPaymentDetail } from '../queries';
import { PAYMENT_STATUSES, PAYMENT_TYPES, capitalise, money, paymentBadge } from '../rules';
import { Detail, DetailSection } from './AdminBits';

const party = (p: AdminPayment['payer']) => [p.userId?.name ?? 'Platform', capitalise(p.userType), p.userId?.email].filter(Boolean).join(' · ');

export function PaymentDetailsDialog({ paymentId, onClose }: { paymentId: string | null; onClose: () => void }) {
  const payment = useQuery({ ...paymentQuery(paymentId ?? ''), enabled: paymentId !== null });
  return (
    <AppDialog open={paymentId !== null} onClose={onClose} title="Payment Details" size="lg">
      <QueryState query={payment} errorHeadline="Failed to load payment details" skeleton={<Skeleton h="64" />}>
        {(detail) => <PaymentDetails payment={detail} />}
      </QueryState>
    </AppDialog>
  );
}

function PaymentDetails({ payment: p }: { payment: AdminPaymentDetail }) {
  const showSplit = p.platformCommissionPence > 0 || p.tutorEarningsPence > 0;
  return (
    <Stack gap="5">
      <DetailSection title="Payment">
        <Detail label="Payment ID">{p._id}</Detail>
        <Detail label="Status">
          <StatusBadge status={paymentBadge(p.status)} />
        </Detail>
        <Detail label="Amount">{money(p.amountPence)}</Detail>
        <Detail label="Type">{PAYMENT_TYPES[p.type]}</Detail>
        <Detail label="Description">{p.description}</Detail>
        <Detail label="Session ID">{p.stripeSessionId}</Detail>
        <Detail label="Payment Method">{p.paymentMethod || 'stripe_card'}</Detail>
        <Detail label="Payer">{party(p.payer)}</Detail>
        <Detail label="Recipient">{party(p.recipient)}</Detail>
        {showSplit && <Detail label="Platform Commission">{money(p.platformCommissionPence)}</Detail>}
        {showSplit && <Detail label="Tutor Earnings">{money(p.tutorEarningsPence)}</Detail>}
        {p.essay && <Detail label="Essay">{`${p.essay.title}${p.essay.academicLevel ? ` (${p.essay.academicLevel})` : ''}`}</Detail>}
        <Detail label="Created">{formatDateTime(p.createdAt)}</Detail>
        <Detail label="Paid">{formatDateTime(p.paidAt)}</Detail>
        {p.refundedAmountPence > 0 && <Detail label="Refunded">{money(p.refundedAmountPence)}</Detail>}
      </DetailSection>
      {Object.keys(p.metadata).length > 0 && (
        <DetailSection title="Metadata">
          {Object.entries(p.metadata).map(([key, value]) => (
            <Detail key={key} label={key}>
              {value}
            </Detail>
          ))}
        </DetailSection>
      )}
      {p.history.length > 0 && (
        <Stack gap="1" fontSize="sm" as="section" aria-label="History">
          <Text fontWeight="semibold">History</Text>
          {p.history.map((change) => (
            <Text key={change.at + change.to}>
              {formatDateTime(change.at)}: {change.from ?? '—'} → {change.to} ({change.source}){change.notes ? ` — ${change.notes}` : ''}
            </Text>
          ))}
        </Stack>
      )}
      <StatusChange payment={p} />
    </Stack>
  );
}

/** The admin's status change with notes (PUT /api/admin/payments/{id}/status). */
function StatusChange({ payment }: { payment: AdminPaymentDetail }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(payment.status);
  const [notes, setNotes] = useState(payment.adminNotes ?? '');
  const save = useMutation({
    mutationFn: () => setPaymentStatus(payment._id, { status, ...(notes.trim() ? { adminNotes: notes.trim() } : {}) }),
    onSuccess: () => {
      toastSuccess('Payment updated');
      return queryClient.invalidateQueries({ queryKey: adminKeys.payments() });
    },
  });
  return (
    <Stack as="section" gap="3" aria-label="Change status" borderTopWidth="1px" pt="4">
      <SelectField
        id="payment-new-status"
        label="Status"
        options={PAYMENT_STATUSES.map((value) => ({ value, label: capitalise(value) }))}
        value={status}
        onChange={(e) => setStatus(e.target.value as AdminPayment['status'])}
      />
      <FormField id="payment-admin-notes" label="Admin notes">
        <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} rows={3} />
      </FormField>
      {save.isError && <FormAlert title={errorMessage(save.error, 'Failed to update payment')} />}
      <Button colorPalette="brand" alignSelf="flex-start" loading={save.isPending} onClick={() => save.mutate()}>
        Update Status
      </Button>
    </Stack>
  );
}
