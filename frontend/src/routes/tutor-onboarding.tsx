import { createFileRoute } from '@tanstack/react-router';
import { FocusedLayout } from '../components/layouts/FocusedLayout';
import { PagePlaceholder } from '../components/PagePlaceholder';
import { requireAccess } from '../features/auth/guards';

// No role guard, signed-in only (spec part 2 §6).
export const Route = createFileRoute('/tutor-onboarding')({
  beforeLoad: (ctx) => requireAccess('signedIn', ctx),
  component: () => (
    <FocusedLayout>
      <PagePlaceholder title="Tutor Onboarding" description="Two steps: Basic Info and Verification." />
    </FocusedLayout>
  ),
});
