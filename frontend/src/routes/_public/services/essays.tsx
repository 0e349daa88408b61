import { createFileRoute } from '@tanstack/react-router';
import { ServicesEssaysPage } from '../../../features/public/pages/ServicesEssaysPage';

export const Route = createFileRoute('/_public/services/essays')({
  component: ServicesEssaysPage,
});
