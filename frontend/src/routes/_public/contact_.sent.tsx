import { createFileRoute } from '@tanstack/react-router';
import { ContactSentPage } from '../../features/public/pages/ContactSentPage';

export const Route = createFileRoute('/_public/contact_/sent')({
  component: ContactSentPage,
});
