import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_admin/admin/tutors')({
  component: () => <PagePlaceholder title="Approve Tutors" description="Tutors waiting for approval." />,
});
