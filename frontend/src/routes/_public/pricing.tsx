import { createFileRoute } from '@tanstack/react-router';
import { PricingPage } from '../../features/public/pages/PricingPage';

export const Route = createFileRoute('/_public/pricing')({
  component: PricingPage,
});
