import { createFileRoute } from '@tanstack/react-router';
import { ServicesInterviewsPage } from '../../../features/public/pages/ServicesInterviewsPage';

export const Route = createFileRoute('/_public/services/interviews')({
  component: ServicesInterviewsPage,
});
