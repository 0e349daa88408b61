import { Outlet, createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DashboardLayout } from '../components/layouts/DashboardLayout';
import { RouteError, RoutePending } from '../components/ui/RouteStates';
import { requireAccess } from '../features/auth/guards';
import { QueryProvider } from '../lib/query-client';

function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <DashboardLayout role="admin">{children}</DashboardLayout>
    </QueryProvider>
  );
}

// The layout owns loading and errors: a page whose loader is slow or fails shows the placeholder or the error
// line inside the dashboard (its menu stays), unless its own route gives a closer one.
export const Route = createFileRoute('/_admin')({
  beforeLoad: (ctx) => requireAccess('admin', ctx),
  component: () => (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  ),
  pendingComponent: () => (
    <AdminLayout>
      <RoutePending />
    </AdminLayout>
  ),
  errorComponent: (props: ErrorComponentProps) => (
    <AdminLayout>
      <RouteError {...props} />
    </AdminLayout>
  ),
});
