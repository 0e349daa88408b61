import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_student/student/chats')({
  component: () => <PagePlaceholder title="Messages" description="Chat with your tutors." />,
});
