import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_admin/admin/transactions')({
  component: () => <PagePlaceholder title="Transactions" description="Revenue, payouts and individual transactions." />,
});
