import { Outlet, createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DashboardLayout } from '../components/layouts/DashboardLayout';
import { RouteError, RoutePending } from '../components/ui/RouteStates';
import { requireAccess } from '../features/auth/guards';
import { useChatUnreadTotal } from '../features/chat/hooks/useChatUnreadTotal';
import { useLiveChatUnread } from '../features/chat/hooks/useLiveChatUnread';
import { useLiveEssays } from '../features/essays/hooks/useLiveEssays';
import { QueryProvider } from '../lib/query-client';

/** Inside the layout's socket provider: the other side's moves and new messages refresh this side's pages. */
function LiveUpdates() {
  useLiveEssays();
  useLiveChatUnread('student');
  return null;
}

function StudentDashboard({ children }: { children: ReactNode }) {
  const unread = useChatUnreadTotal('student');
  return (
    <DashboardLayout role="student" badges={{ '/student/chats': unread }}>
      <LiveUpdates />
      {children}
    </DashboardLayout>
  );
}

function StudentLayout({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <StudentDashboard>{children}</StudentDashboard>
    </QueryProvider>
  );
}

// The layout owns loading and errors: a page whose loader is slow or fails shows the placeholder or the error
// line inside the dashboard (its menu stays), unless its own route gives a closer one.
export const Route = createFileRoute('/_student')({
  beforeLoad: (ctx) => requireAccess('student', ctx),
  component: () => (
    <StudentLayout>
      <Outlet />
    </StudentLayout>
  ),
  pendingComponent: () => (
    <StudentLayout>
      <RoutePending />
    </StudentLayout>
  ),
  errorComponent: (props: ErrorComponentProps) => (
    <StudentLayout>
      <RouteError {...props} />
    </StudentLayout>
  ),
});
