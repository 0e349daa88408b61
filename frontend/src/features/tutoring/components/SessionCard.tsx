import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import type { TutoringSession } from '../queries';
import { canJoin, longDate, sessionBadge, startsInMinutes, timeRange } from '../rules';

/**
 * One session: purpose, date, start–end time in the viewer's time, the status marker, "Starts in Nm"
 * within 30 minutes and Join Meeting while active; `actions` are the side's own buttons.
 */
export function SessionCard({ session, now, withName, actions }: { session: TutoringSession; now: number; withName: string; actions?: ReactNode }) {
  const startsIn = session.status === 'confirmed' ? startsInMinutes(session, now) : null;
  return (
    <Stack as="article" aria-label={session.purpose} gap="2" p="4" bg="bg.panel" rounded="lg" borderWidth="1px">
      <HStack justify="space-between" align="start" wrap="wrap">
        <Heading as="h3" size="sm">
          {session.purpose}
        </Heading>
        <HStack gap="2">
          {startsIn !== null && <StatusBadge tone="primary">Starts in {startsIn}m</StatusBadge>}
          <StatusBadge status={sessionBadge(session, now)} />
        </HStack>
      </HStack>
      <Text fontSize="sm">
        {longDate(session.startTime)} · {timeRange(session)}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {withName}
      </Text>
      <HStack gap="2" wrap="wrap">
        {canJoin(session, now) && (
          <Button asChild size="sm" colorPalette="brand">
            <Link href={session.meetingLink!} target="_blank" rel="noopener noreferrer">
              Join Meeting
            </Link>
          </Button>
        )}
        {actions}
      </HStack>
    </Stack>
  );
}
