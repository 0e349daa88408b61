import { Outlet, createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { AuthLayout } from '../components/layouts/AuthLayout';
import { RouteError } from '../components/ui/RouteStates';

// No pendingComponent: no page here has a loader (they are prerendered and show at once); an error inside a page
// shows the error line in the card.
export const Route = createFileRoute('/_auth')({
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
  errorComponent: (props: ErrorComponentProps) => (
    <AuthLayout>
      <RouteError {...props} />
    </AuthLayout>
  ),
});
