import { formatPounds } from '@redpen/shared/pricing';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { QueryState } from '../../../components/ui/QueryState';
import { SkeletonStack } from '../../../components/ui/Skeleton';
import { SessionCard } from '../components/SessionCard';
import { useTutorSessions, type TutorSessionsFilter } from '../hooks/useTutorSessions';
import { canGetPaid } from '../rules';

const FILTERS = [
  { value: 'all', label: 'All sessions' },
  { value: 'ongoing', label: 'Ongoing' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'completed', label: 'Completed' },
] as const;

/** /tutor/interviews (labelled Tutoring): Active, Upcoming and Completed sections, filter and purpose search. */
export function TutorSessionsPage() {
  const page = useTutorSessions();
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          Tutoring Sessions
        </Heading>
        <Text color="fg.muted">Manage your tutoring sessions.</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="3xl">
        <SelectField
          id="sessions-filter"
          label="Show"
          options={FILTERS}
          value={page.filter}
          onChange={(e) => page.setFilter(e.target.value as TutorSessionsFilter)}
        />
        <FormField id="sessions-search" label="Search by purpose">
          <Input type="search" value={page.searchText} onChange={(e) => page.setSearchText(e.target.value)} />
        </FormField>
      </SimpleGrid>
      <QueryState
        query={page.query}
        skeleton={
          <Stack gap="3">
            <Text role="status">Loading your sessions...</Text>
            <SkeletonStack label="Loading your sessions" />
          </Stack>
        }
        errorFallback="Failed to load sessions."
        isEmpty={(sections) => sections.every((section) => section.sessions.length === 0)}
        empty={
          <Text role="status" py="8" textAlign="center">
            No sessions found
          </Text>
        }
      >
        {(sections) =>
          sections.map((section) => (
            <Stack as="section" key={section.key} gap="3" aria-label={section.title}>
              <Heading as="h2" size="md">
                {section.title} ({section.sessions.length})
              </Heading>
              {section.sessions.length === 0 ? (
                <Text color="fg.muted">No {section.title.toLowerCase()}.</Text>
              ) : (
                section.sessions.map((session) => (
                  <SessionCard
                    key={session._id}
                    session={session}
                    now={page.now}
                    withName={`with ${session.student.name}`}
                    actions={
                      canGetPaid(session, page.now) && (
                        <Button
                          size="sm"
                          colorPalette="brand"
                          loading={page.payout.isPending && page.payout.variables?._id === session._id}
                          onClick={() => page.payout.mutate(session)}
                        >
                          Get Paid{session.tutorEarningsPence !== undefined ? ` ${formatPounds(session.tutorEarningsPence)}` : ''}
                        </Button>
                      )
                    }
                  />
                ))
              )}
            </Stack>
          ))
        }
      </QueryState>
    </Stack>
  );
}
