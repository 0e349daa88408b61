import { Outlet, createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../components/layouts/DashboardLayout';
import { requireAccess } from '../features/auth/guards';
import { useChatUnreadTotal } from '../features/chat/hooks/useChatUnreadTotal';
import { QueryProvider } from '../lib/query-client';

function TutorLayout() {
  const unread = useChatUnreadTotal('tutor');
  return (
    <DashboardLayout role="tutor" badges={{ '/tutor/chats': unread }}>
      <Outlet />
    </DashboardLayout>
  );
}

export const Route = createFileRoute('/_tutor')({
  beforeLoad: (ctx) => requireAccess('tutor', ctx),
  component: () => (
    <QueryProvider>
      <TutorLayout />
    </QueryProvider>
  ),
});
