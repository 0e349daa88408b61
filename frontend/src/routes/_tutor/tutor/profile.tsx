import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/profile')({
  component: () => <PagePlaceholder title="My Profile" description="Your academic information and subjects." />,
});
