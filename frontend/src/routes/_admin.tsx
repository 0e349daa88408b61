import { Outlet, createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../components/layouts/DashboardLayout';
import { requireAccess } from '../features/auth/guards';

export const Route = createFileRoute('/_admin')({
  beforeLoad: (ctx) => requireAccess('admin', ctx),
  component: () => (
    <DashboardLayout role="admin">
      <Outlet />
    </DashboardLayout>
  ),
});
