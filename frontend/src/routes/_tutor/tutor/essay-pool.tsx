import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/essay-pool')({
  component: () => <PagePlaceholder title="Essay Pool" description="Available essays waiting for a reviewer." />,
});
