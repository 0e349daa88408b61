import { createFileRoute } from '@tanstack/react-router';
import { FocusedLayout } from '../components/layouts/FocusedLayout';
import { requireAccess } from '../features/auth/guards';
import { QueryProvider } from '../lib/query-client';
import { OnboardingPage } from '../features/onboarding/pages/OnboardingPage';

// No role guard, signed-in only.
export const Route = createFileRoute('/tutor-onboarding')({
  beforeLoad: (ctx) => requireAccess('signedIn', ctx),
  component: () => (
    <QueryProvider>
      <FocusedLayout>
        <OnboardingPage />
      </FocusedLayout>
    </QueryProvider>
  ),
});
