import { createFileRoute } from '@tanstack/react-router';
import { GdprPage } from '../../features/public/pages/GdprPage';

export const Route = createFileRoute('/_public/gdpr')({
  component: GdprPage,
});
