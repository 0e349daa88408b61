import { Outlet, createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { RouteError } from '../components/ui/RouteStates';
import { PublicLayout } from '../features/public/components/PublicLayout';

// No pendingComponent: the public pages have no loaders (they are prerendered and show at once); an error inside
// a page shows the error line between the site's header and footer.
export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
  errorComponent: (props: ErrorComponentProps) => (
    <PublicLayout>
      <RouteError {...props} />
    </PublicLayout>
  ),
});
