import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/ui/QueryState';
import { SkeletonStack } from '../../../components/ui/Skeleton';
import { AdminPageHeader } from '../components/AdminBits';
import { TutorApplicationCard } from '../components/TutorApplicationCard';
import { useTutorDecisions } from '../hooks/useTutorDecisions';
import { unapprovedTutorsQuery } from '../queries';

export function ApproveTutorsPage() {
  const tutors = useQuery(unapprovedTutorsQuery());
  const decisions = useTutorDecisions();
  return (
    <Stack gap="6">
      <AdminPageHeader title="Approve Tutors" subtitle="Applications, DBS certificates, pictures and level changes waiting for a decision" />
      <QueryState
        query={tutors}
        errorFallback="Error fetching unapproved tutors"
        errorHeadline="Error fetching unapproved tutors"
        skeleton={<SkeletonStack label="Loading tutors" height="64" />}
        empty={<Text color="fg.muted">No tutors are waiting for approval.</Text>}
      >
        {(rows) => (
          <Stack gap="4">
            {rows.map((tutor) => (
              <TutorApplicationCard key={tutor._id} tutor={tutor} decisions={decisions} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
