import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_admin/admin/content')({
  component: () => <PagePlaceholder title="Content" description="Manage site content." />,
});
