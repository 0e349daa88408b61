import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { QueryState } from '../../../components/ui/QueryState';
import { CardGridSkeleton } from '../../../components/ui/Skeleton';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { PoolEssayCard } from '../components/PoolEssayCard';
import { ProfileUnderReview } from '../components/ProfileUnderReview';
import { notApproved, useEssayPoolData } from '../hooks/useEssayPoolData';
import type { PoolSearch } from '../search';

export interface EssayPoolPageProps {
  search: PoolSearch;
  /** The tutor's StudyLevel (their profile): the level filter lists only the levels it lets them see. */
  studyLevel?: string | null;
}

/** /tutor/essay-pool: available essays, filtered by level, subject and title, and Accept. */
export function EssayPoolPage({ search: urlSearch, studyLevel }: EssayPoolPageProps) {
  useDocumentTitle('Essay Pool');
  const { search, pool, filtered, text, setText, setLevel, setSubject, accept, blocked, visibleLevels, subjects } = useEssayPoolData(urlSearch, studyLevel);

  if (blocked || notApproved(pool.error)) {
    return (
      <Stack gap="6">
        <PoolHeading />
        <ProfileUnderReview />
      </Stack>
    );
  }

  return (
    <Stack gap="6">
      <PoolHeading />
      <SimpleGrid as="form" role="search" aria-label="Filter essays" columns={{ base: 1, md: 3 }} gap="4" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          id="pool-level"
          label="Level"
          options={[{ value: 'all', label: 'All Levels' }, ...visibleLevels.map((level) => ({ value: level, label: level }))]}
          value={search.level ?? 'all'}
          onChange={(event) => setLevel(event.target.value)}
        />
        <SelectField
          id="pool-subject"
          label="Subject"
          placeholder="All Subjects"
          options={subjects.map((subject) => ({ value: subject, label: subject }))}
          value={search.subject ?? ''}
          onChange={(event) => setSubject(event.target.value)}
          disabled={!search.level}
          helper={search.level ? undefined : 'Choose a level first'}
        />
        <FormField id="pool-search" label="Search">
          <Input type="search" placeholder="Search by title" value={text} onChange={(event) => setText(event.target.value)} />
        </FormField>
      </SimpleGrid>

      <QueryState
        query={pool}
        errorHeadline="Failed to load essays"
        errorInline
        skeleton={<CardGridSkeleton label="Loading essays" />}
        empty={
          <Stack align="center" textAlign="center" gap="1" py="12" bg="white" rounded="xl" borderWidth="1px">
            <Heading as="h2" size="md">
              No essays available
            </Heading>
            <Text color="fg.muted">{filtered ? 'Try adjusting your filters or search.' : 'New essays appear here as students submit them. Check back soon.'}</Text>
          </Stack>
        }
      >
        {(essays) => (
          <>
            <Text color="fg.muted" fontSize="sm" role="status">
              {essays.length === 1 ? '1 essay available' : `${essays.length} essays available`}
            </Text>
            <SimpleGrid as="ul" aria-label="Available essays" columns={{ base: 1, md: 2 }} gap="4" m="0" p="0" opacity={pool.isPlaceholderData ? 0.6 : 1}>
              {essays.map((essay) => (
                <PoolEssayCard
                  key={essay._id}
                  essay={essay}
                  accepting={accept.isPending && accept.variables?._id === essay._id}
                  disabled={accept.isPending}
                  onAccept={() => accept.mutate(essay)}
                />
              ))}
            </SimpleGrid>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function PoolHeading() {
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl">
        Essay Pool
      </Heading>
      <Text color="fg.muted">Available essays waiting for a reviewer. Accept one to agree the word count with the student.</Text>
    </Stack>
  );
}
