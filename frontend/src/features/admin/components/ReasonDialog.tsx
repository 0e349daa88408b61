import { Button } from '@chakra-ui/react/button';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState } from 'react';
import { FormField } from '../../../components/form/FormField';
import { AppDialog } from '../../../components/ui/dialogs';

/** A rejection needs a reason: it is emailed to the tutor. */
export function ReasonDialog({
  title,
  open,
  pending,
  onClose,
  onSubmit,
}: {
  title: string;
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const send = () => {
    if (!reason.trim()) return setError('Please give a reason');
    onSubmit(reason.trim());
    setReason('');
    setError(undefined);
  };
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button colorPalette="red" loading={pending} onClick={send}>
            Reject
          </Button>
        </>
      }
    >
      <FormField id="reject-reason" label="Reason (emailed to the tutor)" error={error} required>
        <Textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={4} />
      </FormField>
    </AppDialog>
  );
}
