import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_admin/admin/dashboard')({
  component: () => <PagePlaceholder title="Dashboard" description="Users and essays across the platform." />,
});
