import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_student/student/dashboard')({
  component: () => <PagePlaceholder title="Dashboard" description="Your essays, sessions and results at a glance." />,
});
