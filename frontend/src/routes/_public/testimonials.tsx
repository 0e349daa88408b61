import { createFileRoute } from '@tanstack/react-router';
import { TestimonialsPage } from '../../features/public/pages/TestimonialsPage';

export const Route = createFileRoute('/_public/testimonials')({
  component: TestimonialsPage,
});
