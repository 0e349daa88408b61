import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Flex } from '@chakra-ui/react/flex';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { QueryState } from '../../../components/ui/QueryState';
import { SkeletonStack } from '../../../components/ui/Skeleton';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import { MonthCalendar } from '../components/MonthCalendar';
import { RateSessionDialog } from '../components/RateSessionDialog';
import { SessionCard } from '../components/SessionCard';
import { useMySessions, type SessionsTab } from '../hooks/useMySessions';
import { canRate, studentCanCancel } from '../rules';

const TABS: { value: SessionsTab; label: string }[] = [
  { value: 'all', label: 'All Sessions' },
  { value: 'upcoming', label: 'Upcoming Sessions' },
];

/** My Sessions (/student/interviews): the month calendar beside the list of the chosen tab and day. */
export function MySessionsPage() {
  const page = useMySessions();
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap">
        <Stack gap="1">
          <Heading as="h1" size="xl">
            My Sessions
          </Heading>
          <Text color="fg.muted">Your tutoring sessions and mock interviews.</Text>
        </Stack>
        <Button asChild variant="outline">
          <RouterLink to="/student/tutor-list">Find a Tutor</RouterLink>
        </Button>
      </HStack>
      <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="start">
        <MonthCalendar marked={page.marked} selected={page.day} onSelect={page.setDay} now={page.now} />
        <Stack gap="4" flex="1" w="full">
          <HStack role="tablist" aria-label="Sessions" gap="2">
            {TABS.map((tab) => (
              <Button
                key={tab.value}
                role="tab"
                aria-selected={page.tab === tab.value}
                variant={page.tab === tab.value ? 'solid' : 'outline'}
                colorPalette={page.tab === tab.value ? 'brand' : undefined}
                size="sm"
                onClick={() => page.setTab(tab.value)}
              >
                {tab.label}
              </Button>
            ))}
          </HStack>
          <Stack role="tabpanel" gap="3">
            <QueryState
              query={page.list}
              errorFallback="Failed to load sessions."
              skeleton={<SkeletonStack label="Loading sessions" />}
              empty={
                <Text role="status" py="8" textAlign="center">
                  {page.empty}
                </Text>
              }
            >
              {(sessions) =>
                sessions.map((session) => (
                  <SessionCard
                    key={session._id}
                    session={session}
                    now={page.now}
                    withName={`with ${session.tutor.name}`}
                    actions={
                      <>
                        {canRate(session, page.now) && (
                          <Button size="sm" variant="outline" onClick={() => page.setRating(session)}>
                            Rate Session
                          </Button>
                        )}
                        {studentCanCancel(session, page.now) && (
                          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => page.setCancelling(session)}>
                            Cancel Session
                          </Button>
                        )}
                      </>
                    }
                  />
                ))
              }
            </QueryState>
          </Stack>
        </Stack>
      </Flex>
      {page.rating && <RateSessionDialog session={page.rating} onClose={() => page.setRating(null)} />}
      <ConfirmDialog
        open={!!page.cancelling}
        onClose={() => page.setCancelling(null)}
        onConfirm={() => page.cancelling && page.cancel.mutate(page.cancelling._id)}
        title="Cancel Session?"
        confirmLabel="Cancel Session"
        cancelLabel="Keep Session"
        pending={page.cancel.isPending}
        danger
      >
        Your payment will be refunded in full. Sessions can be cancelled up to 24 hours before they start.
      </ConfirmDialog>
    </Stack>
  );
}
