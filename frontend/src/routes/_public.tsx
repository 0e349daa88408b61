import { Outlet, createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../features/public/components/PublicLayout';

export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
});
