import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FiCheckSquare, FiInbox } from 'react-icons/fi';
import { FormAlert } from '../../../components/form/FormAlert';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSession } from '../../../lib/session';
import { useFirstVisit } from '../../../lib/hooks/useFirstVisit';
import { QueryState } from '../../../components/ui/QueryState';
import { Skeleton } from '../../../components/ui/Skeleton';
import { pounds } from '../format';
import { tutorDashboardQuery, type TutorDashboard } from '../queries';

/**
 * /tutor/dashboard: welcome text and four stat cards, with the way to the essay work. `approved`:
 * the tutor's standing from their profile (the route reads it; the profile feature owns it): false says the
 * application is waiting for an admin.
 */
export function TutorDashboardPage({ approved }: { approved?: boolean } = {}) {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  const firstVisit = useFirstVisit('dashboard', user?._id);
  const dashboard = useQuery(tutorDashboardQuery());
  const firstName = user?.name?.trim().split(/\s+/)[0];

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {firstVisit ? 'Welcome' : 'Welcome back'}
          {firstName ? `, ${firstName}` : ''}!
        </Heading>
        <Text color="fg.muted">Here is how your reviews and sessions are going. Pick up a new essay from the pool or carry on marking.</Text>
      </Stack>

      {approved === false && (
        <FormAlert status="info" title="Your application is waiting for approval">
          Our team is reviewing your tutor profile; this usually takes 1-3 business days. We will email you as soon as you are approved,
          and the essay pool opens to you then. You can check your details on your profile meanwhile.
        </FormAlert>
      )}

      <QueryState query={dashboard} errorHeadline="Failed to load dashboard data" errorInline skeleton={<StatGrid />}>
        {(stats) => <StatGrid stats={stats} />}
      </QueryState>

      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/tutor/essay-pool">
            <FiInbox aria-hidden /> Browse the Essay Pool
          </RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <RouterLink to="/tutor/essay-feedback">
            <FiCheckSquare aria-hidden /> My Essay Reviews
          </RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

/** The four stat cards; without `stats` (loading) each holds a placeholder. */
function StatGrid({ stats }: { stats?: TutorDashboard }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 4 }} gap="4" aria-busy={!stats} aria-label="Your statistics">
      <Stat label="Essays Reviewed" value={stats?.essaysReviewed} />
      <Stat label="Interviews Conducted" value={stats?.interviewsConducted} />
      <Stat
        label="Rating"
        value={stats && `${stats.rating.toFixed(1)} / 5.0`}
        note={stats && (stats.totalRatings === 1 ? 'from 1 rating' : `from ${stats.totalRatings} ratings`)}
      />
      <Stat label="Earnings" value={stats && pounds(stats.earningsPence)} note={stats && 'paid out to you'} />
    </SimpleGrid>
  );
}

/** One stat card; a fixed-height placeholder while loading, so the grid does not move when the figures arrive. */
function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p="5" minH="32">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" m="0">
        {value === undefined ? (
          <>
            <Skeleton h="9" w="24" mt="2" />
            <Skeleton h="4" w="20" mt="2" />
          </>
        ) : (
          <>
            <Text fontSize="3xl" fontWeight="bold" lineHeight="short" mt="1">
              {value}
            </Text>
            {note && (
              <Text fontSize="sm" color="fg.muted">
                {note}
              </Text>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
