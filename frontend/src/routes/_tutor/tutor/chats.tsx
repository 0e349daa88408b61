import { createFileRoute } from '@tanstack/react-router';
import { ChatPage } from '../../../features/chat/pages/ChatPage';
import { validateChatSearch } from '../../../features/chat/search';

export const Route = createFileRoute('/_tutor/tutor/chats')({
  validateSearch: validateChatSearch,
  component: function TutorChatsRoute() {
    return <ChatPage role="tutor" contactId={Route.useSearch().contact} />;
  },
});
