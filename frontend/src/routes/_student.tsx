import { Outlet, createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../components/layouts/DashboardLayout';
import { requireAccess } from '../features/auth/guards';

export const Route = createFileRoute('/_student')({
  beforeLoad: (ctx) => requireAccess('student', ctx),
  component: () => (
    <DashboardLayout role="student">
      <Outlet />
    </DashboardLayout>
  ),
});
