import { createFileRoute } from '@tanstack/react-router';
import { CareersPage } from '../../features/public/pages/CareersPage';

export const Route = createFileRoute('/_public/careers')({
  component: CareersPage,
});
