import { createFileRoute } from '@tanstack/react-router';
import { ChatPage } from '../../../features/chat/pages/ChatPage';

export const Route = createFileRoute('/_tutor/tutor/chats')({
  component: () => <ChatPage role="tutor" />,
});
