import { createFileRoute } from '@tanstack/react-router';
import { ChatPage } from '../../../features/chat/pages/ChatPage';

export const Route = createFileRoute('/_student/student/chats')({
  component: () => <ChatPage role="student" />,
});
