import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
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

/** /tutor/essay-pool (spec part 2 §2, §5): available essays, filtered by level, subject and title, and Accept. */
export function EssayPoolPage({ search: urlSearch, studyLevel }: EssayPoolPageProps) {
  useDocumentTitle('Essay Pool');
  const { search, pool, filtered, text, setText, setLevel, setSubject, accept, blocked, visibleLevels, subjects } = useEssayPoolData(urlSearch, studyLevel);

  if (blocked || (pool.isError && notApproved(pool.error))) {
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
        <FormField id="pool-level" label="Level">
          <NativeSelect.Root>
            <NativeSelect.Field value={search.level ?? 'all'} onChange={(event) => setLevel(event.target.value)}>
              <option value="all">All Levels</option>
              {visibleLevels.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {/* Field.Root itself: its `disabled` is what reaches the select (the shared FormField has none). */}
        <Field.Root id="pool-subject" disabled={!search.level}>
          <Field.Label>Subject</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={search.subject ?? ''} onChange={(event) => setSubject(event.target.value)}>
              <option value="">All Subjects</option>
              {subjects.map((subject) => (
                <option key={subject} value={subject}>
                  {subject}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {!search.level && <Field.HelperText>Choose a level first</Field.HelperText>}
        </Field.Root>
        <FormField id="pool-search" label="Search">
          <Input type="search" placeholder="Search by title" value={text} onChange={(event) => setText(event.target.value)} />
        </FormField>
      </SimpleGrid>

      {pool.isPending ? (
        <CardGridSkeleton label="Loading essays" />
      ) : pool.isError ? (
        <FormAlert title="Failed to load essays">
          {errorMessage(pool.error, 'Please try again.')}{' '}
          <Button size="xs" variant="outline" onClick={() => void pool.refetch()}>
            Try Again
          </Button>
        </FormAlert>
      ) : pool.data.length === 0 ? (
        <Stack align="center" textAlign="center" gap="1" py="12" bg="white" rounded="xl" borderWidth="1px">
          <Heading as="h2" size="md">
            No essays available
          </Heading>
          <Text color="fg.muted">{filtered ? 'Try adjusting your filters or search.' : 'New essays appear here as students submit them. Check back soon.'}</Text>
        </Stack>
      ) : (
        <>
          <Text color="fg.muted" fontSize="sm" role="status">
            {pool.data.length === 1 ? '1 essay available' : `${pool.data.length} essays available`}
          </Text>
          <SimpleGrid as="ul" aria-label="Available essays" columns={{ base: 1, md: 2 }} gap="4" m="0" p="0" opacity={pool.isPlaceholderData ? 0.6 : 1}>
            {pool.data.map((essay) => (
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
