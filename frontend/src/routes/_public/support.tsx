import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../../features/public/pages/SupportPage';

export const Route = createFileRoute('/_public/support')({
  component: SupportPage,
});
