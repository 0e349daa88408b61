import { Outlet, createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DashboardLayout } from '../components/layouts/DashboardLayout';
import { RouteError, RoutePending } from '../components/ui/RouteStates';
import { requireAccess } from '../features/auth/guards';
import { useChatUnreadTotal } from '../features/chat/hooks/useChatUnreadTotal';
import { useLiveChatUnread } from '../features/chat/hooks/useLiveChatUnread';
import { useLiveEssayReviews } from '../features/essay-reviews/hooks/useLiveEssayReviews';
import { QueryProvider } from '../lib/query-client';

/** Inside the layout's socket provider: the other side's moves and new messages refresh this side's pages. */
function LiveUpdates() {
  useLiveEssayReviews();
  useLiveChatUnread('tutor');
  return null;
}

function TutorDashboard({ children }: { children: ReactNode }) {
  const unread = useChatUnreadTotal('tutor');
  return (
    <DashboardLayout role="tutor" badges={{ '/tutor/chats': unread }}>
      <LiveUpdates />
      {children}
    </DashboardLayout>
  );
}

function TutorLayout({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <TutorDashboard>{children}</TutorDashboard>
    </QueryProvider>
  );
}

// The layout owns loading and errors: a page whose loader is slow or fails shows the placeholder or the error
// line inside the dashboard (its menu stays), unless its own route gives a closer one.
export const Route = createFileRoute('/_tutor')({
  beforeLoad: (ctx) => requireAccess('tutor', ctx),
  component: () => (
    <TutorLayout>
      <Outlet />
    </TutorLayout>
  ),
  pendingComponent: () => (
    <TutorLayout>
      <RoutePending />
    </TutorLayout>
  ),
  errorComponent: (props: ErrorComponentProps) => (
    <TutorLayout>
      <RouteError {...props} />
    </TutorLayout>
  ),
});
