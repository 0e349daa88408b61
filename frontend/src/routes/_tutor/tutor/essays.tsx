import { createFileRoute, redirect } from '@tanstack/react-router';

// The payout result pages link to /tutor/essays; the tutor's essays are the reviews page.
export const Route = createFileRoute('/_tutor/tutor/essays')({
  beforeLoad: () => {
    throw redirect({ to: '/tutor/essay-feedback', replace: true });
  },
});
