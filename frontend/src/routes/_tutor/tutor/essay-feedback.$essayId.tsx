import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/essay-feedback/$essayId')({
  component: () => <PagePlaceholder title="Essay Feedback" description="Mark the essay with a score and written feedback." />,
});
