import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/interviews')({
  component: () => <PagePlaceholder title="Tutoring" description="Manage your tutoring sessions." />,
});
