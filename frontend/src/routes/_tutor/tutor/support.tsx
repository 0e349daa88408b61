import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec part 2 §2: the payout failed page links to /tutor/support; support is the public help page.
export const Route = createFileRoute('/_tutor/tutor/support')({
  beforeLoad: () => {
    throw redirect({ to: '/support', replace: true });
  },
});
