import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_student/student/essays')({
  component: () => <PagePlaceholder title="My Essays" description="Manage and track your essay submissions" />,
});
