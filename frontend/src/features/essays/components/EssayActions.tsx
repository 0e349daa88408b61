import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Wrap } from '@chakra-ui/react/wrap';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { formatPounds } from '@redpen/shared/pricing';
import { errorMessage } from '../../../api/client';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { essayActions, newPriceNote, paymentWait, WAITING_FOR_WORD_COUNT, type Essay } from '../essay-rules';
import { useAcceptFeedback, useCancelEssay, useConfirmPrice, useRequestRevision } from '../hooks/useEssayMutations';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import { SuccessDialog } from './SuccessDialog';
import { PaySlot } from './PaySlot';
import { RateTutorDialog } from './RateTutorDialog';
import { UpdateWordCountDialog } from './UpdateWordCountDialog';

type Open = null | 'wordCount' | 'price' | 'accept' | 'accepted' | 'revision' | 'cancel' | 'rate';

export const ACCEPT_TITLE = 'Accept Feedback?';
/** Says what accepting does: it finalises, releases the tutor's payment, ends the revision option; no charge. */
export const ACCEPT_MESSAGE = "Accepting finalises the review: your tutor's payment is released and you can no longer ask for a revision. You have already paid, so nothing more is charged.";

/**
 * The student's actions on one essay (cancel and revision: docs/decisions.md "The student may cancel", "One revision per essay"), each shown only in the
 * states where the server would allow it, each behind its dialog. Used by the cards and the detail page.
 */
export function EssayActions({ essay }: { essay: Essay }) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const can = essayActions(essay);
  const accept = useAcceptFeedback();
  const revision = useRequestRevision();
  const cancel = useCancelEssay();
  const confirmPrice = useConfirmPrice();
  const waitingForCount = paymentWait(essay) === 'word-count';

  const hasAny =
    can.needsConfirmation || can.editWordCount || can.pay || can.confirmPrice || waitingForCount || can.acceptFeedback || can.requestRevision || can.cancel || can.rate;
  if (!hasAny && open === null) return null;

  const cancelLabel = can.refund ? 'Cancel and refund' : 'Cancel Essay';

  return (
    <>
      <Wrap gap="2" align="center">
        {can.needsConfirmation && (
          <Button asChild size="sm" colorPalette="brand">
            <RouterLink to="/student/essay-upload" search={{ essayId: essay._id }}>
              Confirm Word Count
            </RouterLink>
          </Button>
        )}
        {can.editWordCount && !can.needsConfirmation && (
          <Button size="sm" variant="outline" onClick={() => setOpen('wordCount')}>
            Update Word Count
          </Button>
        )}
        {can.pay && <PaySlot essayId={essay._id} />}
        {/* Why Make Payment is not offered yet (the server refuses it: WORD_COUNT_NOT_SET). */}
        {waitingForCount && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {WAITING_FOR_WORD_COUNT}
          </Text>
        )}
        {can.confirmPrice && (
          <Button size="sm" colorPalette="brand" onClick={() => setOpen('price')}>
            Confirm New Price
          </Button>
        )}
        {can.acceptFeedback && (
          <Button size="sm" colorPalette="brand" onClick={() => setOpen('accept')}>
            Accept Feedback
          </Button>
        )}
        {can.requestRevision && (
          <Button size="sm" variant="outline" onClick={() => setOpen('revision')}>
            Request Revision
          </Button>
        )}
        {can.rate && (
          <Button size="sm" colorPalette="brand" onClick={() => setOpen('rate')}>
            Rate Tutor
          </Button>
        )}
        {can.cancel && (
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setOpen('cancel')}>
            {cancelLabel}
          </Button>
        )}
      </Wrap>

      {can.editWordCount && <UpdateWordCountDialog essay={essay} open={open === 'wordCount'} onClose={close} />}

      <ConfirmDialog
        open={open === 'price'}
        title="Confirm the new price?"
        confirmLabel={`Confirm ${formatPounds(essay.pricePence)}`}
        pending={confirmPrice.isPending}
        onClose={close}
        onConfirm={() =>
          confirmPrice.mutate(
            { essayId: essay._id, pricePence: essay.pricePence },
            {
              onSuccess: (result) => {
                close();
                toastSuccess(result.message || 'Price confirmed: you can now pay');
              },
              onError: (error) => {
                close();
                toastError(`Failed to confirm the price: ${errorMessage(error, 'Please try again.')}`);
              },
            },
          )
        }
      >
        <Stack gap="2">
          <Text>{newPriceNote(essay)}</Text>
          <Text>Once you confirm, you can pay {formatPounds(essay.pricePence)}. If you do not agree, talk to your tutor in the chat or cancel the essay for free.</Text>
        </Stack>
      </ConfirmDialog>

      <ConfirmDialog
        open={open === 'accept'}
        title={ACCEPT_TITLE}
        pending={accept.isPending}
        onClose={close}
        onConfirm={() =>
          accept.mutate(essay._id, {
            onSuccess: () => setOpen('accepted'),
            onError: (error) => {
              close();
              toastError(`Failed to accept essay: ${errorMessage(error, 'Please try again.')}`);
            },
          })
        }
      >
        {ACCEPT_MESSAGE}
      </ConfirmDialog>
      <SuccessDialog open={open === 'accepted'} message="Essay feedback accepted successfully!" onClose={close} />

      <ConfirmDialog
        open={open === 'revision'}
        title="Request Revision?"
        pending={revision.isPending}
        onClose={close}
        onConfirm={() =>
          revision.mutate(essay._id, {
            onSuccess: (result) => {
              close();
              toastSuccess(result.message || 'Revision requested');
            },
            onError: (error) => {
              close();
              toastError(`Failed to request revision: ${errorMessage(error, 'Please try again.')}`);
            },
          })
        }
      >
        Your tutor will revise the review and send it again. A revision can be requested until {formatDateTime(essay.revisionAvailableUntil)}, before
        you accept the review.
      </ConfirmDialog>

      <ConfirmDialog
        open={open === 'cancel'}
        title={can.refund ? 'Cancel and refund?' : 'Cancel Essay?'}
        confirmLabel={cancelLabel}
        cancelLabel="Keep Essay"
        pending={cancel.isPending}
        onClose={close}
        onConfirm={() =>
          cancel.mutate(essay._id, {
            onSuccess: (result) => {
              close();
              toastSuccess(result.message || 'Essay cancelled');
            },
            onError: (error) => {
              close();
              toastError(`Failed to cancel essay: ${errorMessage(error, 'Please try again.')}`);
            },
          })
        }
      >
        <Stack gap="2">
          {can.refund ? (
            <Text>
              This essay has not been reviewed yet, so you will get a full refund of {formatPounds(essay.pricePence)}. A full refund is
              possible until {formatDateTime(essay.refundableUntil)}.
            </Text>
          ) : (
            <Text>The essay will be withdrawn and no tutor will review it. You have not paid for it, so nothing is charged.</Text>
          )}
          <Text>This cannot be undone.</Text>
        </Stack>
      </ConfirmDialog>

      {(can.rate || open === 'rate') && <RateTutorDialog essay={essay} open={open === 'rate'} onClose={close} />}
    </>
  );
}
