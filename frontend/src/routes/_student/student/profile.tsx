import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_student/student/profile')({
  component: () => <PagePlaceholder title="My Profile" description="Your personal information." />,
});
