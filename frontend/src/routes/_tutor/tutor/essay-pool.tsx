import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { EssayPoolPage } from '../../../features/essay-reviews/pages/EssayPoolPage';
import { validatePoolSearch } from '../../../features/essay-reviews/search';
import { tutorProfileQuery } from '../../../features/profile/queries';
import { getQueryClient } from '../../../lib/query-client';

export const Route = createFileRoute('/_tutor/tutor/essay-pool')({
  validateSearch: validatePoolSearch,
  loader: () => void getQueryClient().prefetchQuery(tutorProfileQuery()),
  component: function EssayPoolRoute() {
    // The level filter lists the levels the tutor's StudyLevel lets them see (the profile feature owns it).
    const profile = useQuery(tutorProfileQuery());
    return <EssayPoolPage search={Route.useSearch()} studyLevel={profile.data?.StudyLevel} />;
  },
});
