import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../../components/ui/Card';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { DbsPending, DbsRequired, LoginNeeded } from '../components/ProfileStates';
import { TutoringProfileForm } from '../components/TutoringProfileForm';
import { tutoringProfileQuery } from '../queries';

/**
 * /tutor/tutoring-profile: exactly one of four states, as the server decides them (`state`):
 * apply (DBS Verification Required), pending (DBS Pending Approval) or editable; a 401 shows the login screen.
 */
export function TutoringProfilePage() {
  const { data } = useSuspenseQuery(tutoringProfileQuery());
  const [unauthenticated, setUnauthenticated] = useState(false);

  return (
    <Stack gap="6" maxW="4xl">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          Tutoring Profile
        </Heading>
        <Text color="fg.muted">Your tutoring profile, availability and DBS check.</Text>
      </Stack>
      {unauthenticated ? (
        <LoginNeeded />
      ) : data.state === 'apply' ? (
        <DbsRequired onUnauthenticated={() => setUnauthenticated(true)} />
      ) : data.state === 'pending' ? (
        <DbsPending />
      ) : (
        <Card>
          <Stack gap="4">
            <Heading as="h2" size="md" display="flex" gap="3" alignItems="center">
              Your tutoring profile <StatusBadge tone={data.profile.status === 'Available' ? 'success' : 'neutral'}>{data.profile.status}</StatusBadge>
            </Heading>
            <TutoringProfileForm profile={data.profile} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
