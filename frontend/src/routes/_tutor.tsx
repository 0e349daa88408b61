import { Outlet, createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../components/layouts/DashboardLayout';
import { requireAccess } from '../features/auth/guards';
import { QueryProvider } from '../lib/query-client';

export const Route = createFileRoute('/_tutor')({
  beforeLoad: (ctx) => requireAccess('tutor', ctx),
  component: () => (
    <QueryProvider>
      <DashboardLayout role="tutor">
        <Outlet />
      </DashboardLayout>
    </QueryProvider>
  ),
});
