import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_student/student/essay/$essayId')({
  component: () => <PagePlaceholder title="Essay Details" description="Your essay, its status and the tutor's feedback." />,
});
