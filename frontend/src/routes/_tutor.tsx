import { Outlet, createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../components/layouts/DashboardLayout';
import { requireAccess } from '../features/auth/guards';

export const Route = createFileRoute('/_tutor')({
  beforeLoad: (ctx) => requireAccess('tutor', ctx),
  component: () => (
    <DashboardLayout role="tutor">
      <Outlet />
    </DashboardLayout>
  ),
});
