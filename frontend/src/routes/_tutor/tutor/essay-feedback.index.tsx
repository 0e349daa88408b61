import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/essay-feedback/')({
  component: () => <PagePlaceholder title="Essay Reviews" description="Review essays, submit marking and request payouts." />,
});
