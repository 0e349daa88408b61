import { Outlet, createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../components/layouts/DashboardLayout';
import { requireAccess } from '../features/auth/guards';
import { useChatUnreadTotal } from '../features/chat/hooks/useChatUnreadTotal';
import { QueryProvider } from '../lib/query-client';

function StudentLayout() {
  const unread = useChatUnreadTotal('student');
  return (
    <DashboardLayout role="student" badges={{ '/student/chats': unread }}>
      <Outlet />
    </DashboardLayout>
  );
}

export const Route = createFileRoute('/_student')({
  beforeLoad: (ctx) => requireAccess('student', ctx),
  component: () => (
    <QueryProvider>
      <StudentLayout />
    </QueryProvider>
  ),
});
