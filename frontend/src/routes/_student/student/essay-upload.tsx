import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_student/student/essay-upload')({
  component: () => <PagePlaceholder title="Upload Essay" description="Upload an academic essay for tutor feedback." />,
});
