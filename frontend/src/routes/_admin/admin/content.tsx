import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '../../../features/admin/pages/ContentPage';
import { moderationQuery } from '../../../features/admin/queries';
import { getQueryClient } from '../../../lib/query-client';

// The page keeps its own states (the queue's error line with Try again); the loader only starts the request.
export const Route = createFileRoute('/_admin/admin/content')({
  loader: () => void getQueryClient().prefetchQuery(moderationQuery()),
  component: ContentPage,
});
