import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/chats')({
  component: () => <PagePlaceholder title="Messages" description="Chat with your students." />,
});
