import { createFileRoute } from '@tanstack/react-router';
import { ChatPage, validateChatSearch } from '../../../features/chat/pages/ChatPage';

export const Route = createFileRoute('/_tutor/tutor/chats')({
  validateSearch: validateChatSearch,
  component: function TutorChatsRoute() {
    return <ChatPage role="tutor" contactId={Route.useSearch().contact} />;
  },
});
