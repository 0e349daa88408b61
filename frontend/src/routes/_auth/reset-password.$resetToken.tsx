import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/pages/ResetPasswordPage';

export const Route = createFileRoute('/_auth/reset-password/$resetToken')({
  component: function ResetPasswordRoute() {
    const { resetToken } = Route.useParams();
    return <ResetPasswordPage resetToken={resetToken} />;
  },
});
