import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/chat/$essayId')({
  component: () => <PagePlaceholder title="Word Count Discussion" description="Agree the word count with the student within 24 hours." />,
});
