import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/tutoring-profile')({
  component: () => <PagePlaceholder title="Tutoring Profile" description="Your tutoring profile, availability and DBS check." />,
});
