import { createFileRoute } from '@tanstack/react-router';
import { ChatPage } from '../../../features/chat/pages/ChatPage';
import { validateChatSearch } from '../../../features/chat/search';

export const Route = createFileRoute('/_student/student/chats')({
  validateSearch: validateChatSearch,
  component: function StudentChatsRoute() {
    return <ChatPage role="student" contactId={Route.useSearch().contact} />;
  },
});
