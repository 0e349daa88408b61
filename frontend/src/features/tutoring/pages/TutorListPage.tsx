import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Button } from '@chakra-ui/react/button';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { QueryState } from '../../../components/ui/QueryState';
import { CardGridSkeleton } from '../../../components/ui/Skeleton';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue';
import { BookSessionDialog } from '../components/BookSessionDialog';
import { TutorCardView } from '../components/TutorCardView';
import { tutorsQuery, type StudyLevelFilter, type TutorCard, type TutorSort } from '../queries';

const LEVELS = [
  { value: 'all', label: 'All levels' },
  { value: 'PhD', label: 'PhD' },
  { value: 'Masters', label: 'Masters' },
  { value: 'Bachelors', label: 'Bachelors' },
] as const;
const SORTS = [
  { value: 'experience', label: 'Experience' },
  { value: 'hourlyRate', label: 'Hourly rate' },
] as const;

/** Find Your Tutor: served at /student/tutor-list and /student/tutors; filters run in the server's SQL. */
export function TutorListPage() {
  const [studyLevel, setStudyLevel] = useState<StudyLevelFilter>('all');
  const [sort, setSort] = useState<TutorSort>('experience');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, 300);
  const tutors = useInfiniteQuery(tutorsQuery({ studyLevel, sort, search }));
  const [booking, setBooking] = useState<TutorCard | null>(null);

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          Find Your Tutor
        </Heading>
        <Text color="fg.muted">Browse vetted tutors and book a one-to-one session.</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField
          id="tutor-level"
          label="Study Level"
          options={LEVELS}
          value={studyLevel}
          onChange={(e) => setStudyLevel(e.target.value as StudyLevelFilter)}
        />
        <SelectField id="tutor-sort" label="Sort By" options={SORTS} value={sort} onChange={(e) => setSort(e.target.value as TutorSort)} />
        <FormField id="tutor-search" label="Search">
          <Input type="search" placeholder="Name or subject" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </FormField>
      </SimpleGrid>
      <QueryState
        query={tutors}
        errorFallback="Failed to load tutors."
        errorHeadline="Failed to load tutors."
        skeleton={<CardGridSkeleton label="Loading tutors" />}
        empty={
          <Text role="status" textAlign="center" py="10">
            No tutors found
          </Text>
        }
      >
        {(list) => (
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
              {list.map((tutor) => (
                <TutorCardView key={tutor._id} tutor={tutor} onBook={() => setBooking(tutor)} />
              ))}
            </SimpleGrid>
            {tutors.hasNextPage && (
              <Button alignSelf="center" variant="outline" loading={tutors.isFetchingNextPage} onClick={() => void tutors.fetchNextPage()}>
                Show more tutors
              </Button>
            )}
          </Stack>
        )}
      </QueryState>
      {booking && <BookSessionDialog tutor={booking} onClose={() => setBooking(null)} />}
    </Stack>
  );
}
