import { createFileRoute } from '@tanstack/react-router';
import { NewsPage } from '../../features/public/pages/NewsPage';

export const Route = createFileRoute('/_public/news')({
  component: NewsPage,
});
