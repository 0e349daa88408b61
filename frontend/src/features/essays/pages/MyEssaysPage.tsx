import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '../../../components/ui/Skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { FiUpload } from 'react-icons/fi';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { QueryState } from '../../../components/ui/QueryState';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { EssayCard } from '../components/EssayCard';
import { ESSAY_FILTERS, FILTER_LABELS, studentEssaysQuery, type EssayFilter } from '../queries';
import { ESSAY_SORTS, SORT_LABELS, visibleEssays, type EssaySort, type EssaysSearch } from '../schemas';

/** My Essays: the server's status lists, sorted and searched here, with the filters in the URL. */
export function MyEssaysPage({ search }: { search: EssaysSearch }) {
  useDocumentTitle('My Essays');
  const id = useId();
  const navigate = useNavigate();
  const filter: EssayFilter = search.status ?? 'all';
  const sort: EssaySort = search.sort ?? 'latest';
  const [text, setText] = useState(search.q ?? '');
  // The URL wins when it changes under the box (back/forward, a link).
  useEffect(() => setText((current) => (current.trim() === (search.q ?? '').trim() ? current : (search.q ?? ''))), [search.q]);
  const essays = useQuery(studentEssaysQuery(filter));

  const setSearch = (next: { status?: EssayFilter; sort?: EssaySort; q?: string }) =>
    void navigate({
      to: '/student/essays',
      // Defaults are dropped so the plain list stays `/student/essays`.
      search: (previous: EssaysSearch): EssaysSearch => {
        const status: EssayFilter | undefined = 'status' in next ? next.status : previous.status;
        const sortBy: EssaySort | undefined = 'sort' in next ? next.sort : previous.sort;
        const q = 'q' in next ? next.q : previous.q;
        return {
          status: status && status !== 'all' ? status : undefined,
          sort: sortBy && sortBy !== 'latest' ? sortBy : undefined,
          q: q?.trim() ? q : undefined,
        };
      },
      replace: true,
    });

  const filtering = filter !== 'all' || !!search.q?.trim();
  const shown = essays.data ? visibleEssays(essays.data, { sort, q: search.q }) : [];

  const filters = (
    <SimpleGrid role="search" columns={{ base: 1, md: 3 }} gap="4" aria-label="Filter essays">
      <FormField id={`${id}-search`} label="Search by title">
        <Input
          type="search"
          value={text}
          placeholder="Search essays..."
          onChange={(event) => {
            setText(event.target.value);
            setSearch({ q: event.target.value });
          }}
        />
      </FormField>
      <SelectField
        id={`${id}-status`}
        label="Status"
        options={ESSAY_FILTERS.map((value) => ({ value, label: value === 'all' ? 'All Essays' : FILTER_LABELS[value] }))}
        value={filter}
        onChange={(event) => setSearch({ status: event.target.value as EssayFilter })}
      />
      <SelectField
        id={`${id}-sort`}
        label="Sort by"
        options={ESSAY_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        value={sort}
        onChange={(event) => setSearch({ sort: event.target.value as EssaySort })}
      />
    </SimpleGrid>
  );

  return (
    <Stack gap="6">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="4">
        <Stack gap="1">
          <Heading as="h1" size="2xl" fontWeight="bold">
            My Essays
          </Heading>
          <Text color="fg.muted">Manage and track your essay submissions</Text>
        </Stack>
        {!filtering && (
          <Button asChild colorPalette="brand">
            <RouterLink to="/student/essay-upload">
              <FiUpload aria-hidden /> Upload New Essay
            </RouterLink>
          </Button>
        )}
      </HStack>

      <QueryState
        query={essays}
        errorFallback="Failed to load essays."
        skeleton={
          <>
            {filters}
            <Stack gap="4" aria-busy="true" aria-label="Loading essays">
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} height="220px" rounded="xl" />
              ))}
            </Stack>
          </>
        }
      >
        {() => (
          <>
            {filters}
            {shown.length === 0 ? (
              <EmptyEssays filter={filter} q={search.q} />
            ) : (
              <Stack gap="4">
                <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label="Essays">
                  {shown.map((essay) => (
                    <Box as="li" key={essay._id}>
                      <EssayCard essay={essay} />
                    </Box>
                  ))}
                </Stack>
                <Text fontSize="sm" color="fg.muted" role="status">
                  Showing {shown.length} {shown.length === 1 ? 'essay' : 'essays'}
                </Text>
              </Stack>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** "No essays found" with the one message that fits. */
function EmptyEssays({ filter, q }: { filter: EssayFilter; q?: string }) {
  const message = q?.trim()
    ? `No essays match your search "${q.trim()}".`
    : filter !== 'all'
      ? `You have no essays with the status ${FILTER_LABELS[filter]}.`
      : 'Get started by uploading your first essay';
  return (
    <Stack gap="3" align="center" textAlign="center" py="12" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200">
      <Heading as="h2" size="md">
        No essays found
      </Heading>
      <Text color="fg.muted">{message}</Text>
      {!q?.trim() && filter === 'all' && (
        <Button asChild colorPalette="brand" size="sm">
          <RouterLink to="/student/essay-upload">Upload Essay</RouterLink>
        </Button>
      )}
    </Stack>
  );
}
