import { createFileRoute } from '@tanstack/react-router';
import { getQueryClient } from '../../../lib/query-client';
import { PaySlotProvider } from '../../../features/essays/components/PaySlot';
import { MyEssaysPage } from '../../../features/essays/pages/MyEssaysPage';
import { studentEssaysQuery, type EssayFilter } from '../../../features/essays/queries';
import { validateEssaysSearch } from '../../../features/essays/schemas';
import { PayButton } from '../../../features/payments/components/PayButton';

/** The cards' Make Payment: the payments feature's button, handed to the essays feature through its slot. */
function EssayPayButton({ essayId }: { essayId: string }) {
  return <PayButton target={{ type: 'essay', id: essayId }} size="sm" />;
}

export const Route = createFileRoute('/_student/student/essays')({
  validateSearch: validateEssaysSearch,
  loaderDeps: ({ search }): { status: EssayFilter } => ({ status: search.status ?? 'all' }),
  loader: ({ deps }) => {
    // Start the request early; the page shows its skeleton and its error line itself.
    void getQueryClient().prefetchQuery(studentEssaysQuery(deps.status));
  },
  component: function EssaysRoute() {
    return (
      <PaySlotProvider value={EssayPayButton}>
        <MyEssaysPage search={Route.useSearch()} />
      </PaySlotProvider>
    );
  },
});
