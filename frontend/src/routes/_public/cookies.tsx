import { createFileRoute } from '@tanstack/react-router';
import { CookiesPage } from '../../features/public/pages/CookiesPage';

export const Route = createFileRoute('/_public/cookies')({
  component: CookiesPage,
});
