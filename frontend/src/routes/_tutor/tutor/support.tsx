import { createFileRoute, redirect } from '@tanstack/react-router';

// The payout failed page links to /tutor/support; support is the public help page.
export const Route = createFileRoute('/_tutor/tutor/support')({
  beforeLoad: () => {
    throw redirect({ to: '/support', replace: true });
  },
});
