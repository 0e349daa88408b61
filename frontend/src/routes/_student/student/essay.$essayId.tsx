import { createFileRoute } from '@tanstack/react-router';
import { getQueryClient } from '../../../lib/query-client';
import { PaySlotProvider } from '../../../features/essays/components/PaySlot';
import { EssayDetailPage } from '../../../features/essays/pages/EssayDetailPage';
import { studentEssayQuery } from '../../../features/essays/queries';
import { PayButton } from '../../../features/payments/components/PayButton';

/** Make Payment: the payments feature's button, handed to the essays feature through its slot. */
function EssayPayButton({ essayId }: { essayId: string }) {
  return <PayButton target={{ type: 'essay', id: essayId }} size="sm" />;
}

export const Route = createFileRoute('/_student/student/essay/$essayId')({
  loader: ({ params }) => {
    // Start the request early; the page shows its skeleton, "Essay not found" and the error line itself.
    void getQueryClient().prefetchQuery(studentEssayQuery(params.essayId));
  },
  component: function EssayRoute() {
    const { essayId } = Route.useParams();
    return (
      <PaySlotProvider value={EssayPayButton}>
        <EssayDetailPage essayId={essayId} />
      </PaySlotProvider>
    );
  },
});
