import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/dashboard')({
  component: () => <PagePlaceholder title="Dashboard" description="Your reviews, sessions, rating and earnings at a glance." />,
});
