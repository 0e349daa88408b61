import { createFileRoute } from '@tanstack/react-router';
import { MarkEssayPage } from '../../../features/essay-reviews/pages/MarkEssayPage';
import { tutorEssayQuery } from '../../../features/essay-reviews/queries';
import { getQueryClient } from '../../../lib/query-client';

export const Route = createFileRoute('/_tutor/tutor/essay-feedback/$essayId')({
  loader: ({ params }) => void getQueryClient().prefetchQuery(tutorEssayQuery(params.essayId)),
  component: function MarkEssayRoute() {
    return <MarkEssayPage essayId={Route.useParams().essayId} />;
  },
});
