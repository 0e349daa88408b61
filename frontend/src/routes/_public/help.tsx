import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../../features/public/pages/HelpPage';

export const Route = createFileRoute('/_public/help')({
  component: HelpPage,
});
