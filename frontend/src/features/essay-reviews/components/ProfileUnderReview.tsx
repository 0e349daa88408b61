import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { FiClock } from 'react-icons/fi';
import { Card } from '../../../components/ui/Card';

/** What a tutor sees in the pool before an admin approves them for essays (1-3 business days). */
export function ProfileUnderReview() {
  return (
    <Card>
      <Stack gap="4" align="center" textAlign="center" py="6">
        <FiClock size={40} aria-hidden />
        <Heading as="h2" size="xl">
          Profile Under Review
        </Heading>
        <Text color="fg.muted" maxW="lg">
          Our team is reviewing your tutor profile. This usually takes 1-3 business days. Once you are approved you can
          browse and accept essays here, and we will let you know by email.
        </Text>
        <Button asChild variant="outline" colorPalette="brand">
          <RouterLink to="/tutor/profile">View my profile</RouterLink>
        </Button>
      </Stack>
    </Card>
  );
}
