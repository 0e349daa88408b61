import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { Card } from '../../../components/ui/Card';
import { DbsApplyForm } from './DbsApplyForm';

/** No (valid) session: the spec's Authentication Error screen. */
export function LoginNeeded() {
  return (
    <Card>
      <Stack gap="3" role="alert">
        <Heading as="h2" size="md">
          Authentication Error
        </Heading>
        <Text>Authentication error. Please log in again.</Text>
        <Button asChild colorPalette="brand" alignSelf="start">
          <RouterLink to="/login">Go to Login</RouterLink>
        </Button>
      </Stack>
    </Card>
  );
}

/** Nothing submitted yet: DBS Verification Required, with a button that reveals the form. */
export function DbsRequired({ onUnauthenticated }: { onUnauthenticated: () => void }) {
  const [applying, setApplying] = useState(false);
  return (
    <Card>
      <Stack gap="4">
        <Heading as="h2" size="md">
          DBS Verification Required
        </Heading>
        <Text>To offer live tutoring sessions you need an enhanced DBS check. Submit your certificate for verification.</Text>
        {applying ? (
          <DbsApplyForm onUnauthenticated={onUnauthenticated} />
        ) : (
          <Button colorPalette="brand" alignSelf="start" onClick={() => setApplying(true)}>
            Apply for DBS Verification
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** Submitted, not yet verified and approved. */
export function DbsPending() {
  return (
    <Card>
      <Stack gap="3" role="status">
        <Heading as="h2" size="md">
          DBS Pending Approval
        </Heading>
        <Text>Your DBS application has been received and is being reviewed. This usually takes 1-2 business days; we will email you when it is approved.</Text>
      </Stack>
    </Card>
  );
}
