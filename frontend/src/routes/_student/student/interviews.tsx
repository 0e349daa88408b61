import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_student/student/interviews')({
  component: () => <PagePlaceholder title="My Sessions" description="Your tutoring sessions and mock interviews." />,
});
