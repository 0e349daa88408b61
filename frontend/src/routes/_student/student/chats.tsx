import { createFileRoute } from '@tanstack/react-router';
import { ChatPage, validateChatSearch } from '../../../features/chat/pages/ChatPage';

export const Route = createFileRoute('/_student/student/chats')({
  validateSearch: validateChatSearch,
  component: function StudentChatsRoute() {
    return <ChatPage role="student" contactId={Route.useSearch().contact} />;
  },
});
