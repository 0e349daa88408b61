import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ACADEMIC_LEVELS, ESSAY_SUBJECTS, LEVELS_FOR_STUDY_LEVEL, academicLevelOf, studyLevelOf, type AcademicLevel } from '@shared/essay-levels';
import { errorCode, errorMessage, isApiError } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { toaster } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { PoolEssayCard } from '../components/PoolEssayCard';
import { ProfileUnderReview } from '../components/ProfileUnderReview';
import { CardGridSkeleton } from '../../../components/ui/Skeleton';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue';
import { essayPoolQuery, essayReviewsApi, essayReviewsKeys } from '../queries';
import { MESSAGES, type TutorEssay } from '../rules';
import { validatePoolSearch, type PoolSearch } from '../search';

/** How long the search box waits for typing to stop before asking the server. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The pool refuses tutors not approved for essays: 403 with the code TUTOR_NOT_APPROVED (spec part 2 §2). */
const notApproved = (error: unknown) => errorCode(error) === 'TUTOR_NOT_APPROVED' || (isApiError(error) && error.status === 403);

export interface EssayPoolPageProps {
  search: PoolSearch;
  /** The tutor's StudyLevel (their profile): the level filter lists only the levels it lets them see. */
  studyLevel?: string | null;
}

/** /tutor/essay-pool (spec part 2 §2, §5): available essays, filtered by level, subject and title, and Accept. */
export function EssayPoolPage({ search: urlSearch, studyLevel }: EssayPoolPageProps) {
  useDocumentTitle('Essay Pool');
  // Checked again here: the router also hands a route the keys its validator dropped (the root's raw search).
  const search = validatePoolSearch({ ...urlSearch });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const filters = { level: search.level, subject: search.subject, search: search.search?.trim() || undefined };
  const pool = useQuery({ ...essayPoolQuery(filters), placeholderData: keepPreviousData });
  const [blocked, setBlocked] = useState(false);

  const [text, setText] = useState(search.search ?? '');
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    const next = settled.trim() || undefined;
    if (next !== (search.search?.trim() || undefined)) {
      void navigate({ to: '/tutor/essay-pool', search: (prev) => ({ ...prev, search: next }), replace: true });
    }
    // Only a settled change of the text moves the URL (not a change of the URL itself).
  }, [settled]);

  const setLevel = (value: string) => {
    const level = academicLevelOf(value);
    void navigate({ to: '/tutor/essay-pool', search: (prev) => ({ ...prev, level, subject: undefined }) });
  };
  const setSubject = (value: string) => {
    void navigate({ to: '/tutor/essay-pool', search: (prev) => ({ ...prev, subject: value || undefined }) });
  };

  const accept = useMutation({
    mutationFn: async (essay: TutorEssay) => {
      const accepted = await essayReviewsApi.accept(essay._id);
      // Where the chats should open: the student's thread (the accepted essay names them).
      return { accepted, contact: accepted.studentId };
    },
    onSuccess: ({ contact }, essay) => {
      queryClient.setQueriesData<TutorEssay[]>({ queryKey: essayReviewsKeys.pools() }, (list) => list?.filter((e) => e._id !== essay._id));
      void queryClient.invalidateQueries({ queryKey: essayReviewsKeys.mine() });
      toaster.create({
        type: 'success',
        title: 'Essay accepted',
        description: (
          <>
            Agree the word count with the student within 24 hours.{' '}
            <RouterLink to="/tutor/chat/$essayId" params={{ essayId: essay._id }} style={{ textDecoration: 'underline', fontWeight: 600 }}>
              Open the word-count discussion
            </RouterLink>
          </>
        ),
        closable: true,
        duration: 15_000,
      });
      void navigate({ to: '/tutor/chats', search: contact ? { contact } : {} });
    },
    onError: (error) => {
      if (errorCode(error) === 'ESSAY_ALREADY_ACCEPTED') {
        toaster.create({ type: 'error', title: MESSAGES.alreadyAccepted, closable: true });
        void queryClient.invalidateQueries({ queryKey: essayReviewsKeys.pools() });
      } else if (notApproved(error)) {
        setBlocked(true);
      } else {
        // Spec part 2 §8: the message clears after 3 s.
        toaster.create({ type: 'error', title: MESSAGES.acceptFailed, description: errorMessage(error, ''), duration: 3000 });
      }
    },
  });

  const visibleLevels: readonly AcademicLevel[] = (() => {
    const ceiling = studyLevelOf(studyLevel);
    return ceiling ? LEVELS_FOR_STUDY_LEVEL[ceiling] : ACADEMIC_LEVELS;
  })();
  const subjects = search.level ? ESSAY_SUBJECTS[search.level] : [];
  const filtered = Boolean(search.level || filters.search);

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
