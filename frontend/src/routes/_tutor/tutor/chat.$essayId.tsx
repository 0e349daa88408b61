import { createFileRoute } from '@tanstack/react-router';
import { WordCountDiscussionPage } from '../../../features/essay-reviews/pages/WordCountDiscussionPage';
import { discussionEssayQuery } from '../../../features/essay-reviews/queries';
import { getQueryClient } from '../../../lib/query-client';

export const Route = createFileRoute('/_tutor/tutor/chat/$essayId')({
  loader: ({ params }) => void getQueryClient().prefetchQuery(discussionEssayQuery(params.essayId)),
  component: function WordCountDiscussionRoute() {
    return <WordCountDiscussionPage essayId={Route.useParams().essayId} />;
  },
});
