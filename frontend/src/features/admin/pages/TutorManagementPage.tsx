import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../components/form/FormAlert';
import { SelectField } from '../../../components/form/SelectField';
import { AdminPageHeader, BanConfirmDialog, CardGridState, ListPager, SearchBox } from '../components/AdminBits';
import { TutorCard } from '../components/TutorCard';
import { TutorDetailsDialog } from '../components/TutorDetailsDialog';
import { useBanFlow } from '../hooks/useBanFlow';
import { useListSearch } from '../hooks/useListSearch';
import { tutorListQuery, type TutorFilter } from '../queries';
import { TUTOR_FILTERS } from '../rules';
import type { TutorListSearch } from '../search';

export function TutorManagementPage({ search, onSearchChange }: { search: TutorListSearch; onSearchChange: (next: TutorListSearch) => void }) {
  const page = search.page ?? 1;
  const term = search.search ?? '';
  const filter = search.approval ?? 'all';
  const list = useQuery(tutorListQuery({ page, search: term, filter }));
  const box = useListSearch(term, (next) => onSearchChange({ ...search, search: next || undefined, page: undefined }));
  const ban = useBanFlow('tutor');
  const [viewing, setViewing] = useState<string | null>(null);
  const total = list.data?.pagination?.totalPayments ?? list.data?.tutors.length;
  const narrowed = term !== '' || filter !== 'all';

  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Tutor Management"
        subtitle="Manage and view all registered tutors"
        aside={<Text fontWeight="semibold">Total Tutors: {total ?? '—'}</Text>}
      />
      <HStack gap="4" align="flex-end" wrap="wrap">
        <SearchBox label="Search tutors" placeholder="Search by name, email, university or course" value={box.text} onChange={box.setText} />
        <div style={{ minWidth: '14rem' }}>
          <SelectField
            id="tutor-filter"
            label="Filter"
            options={TUTOR_FILTERS}
            value={filter}
            onChange={(event) =>
              onSearchChange({ ...search, approval: event.target.value === 'all' ? undefined : (event.target.value as TutorFilter), page: undefined })
            }
          />
        </div>
      </HStack>
      {ban.failure && <FormAlert title={ban.failure} />}
      <CardGridState
        query={list}
        noun="tutors"
        items={(data) => data.tutors}
        emptyHint={narrowed ? 'Try adjusting your search terms or filters.' : 'No tutors have registered yet'}
      >
        {(tutor) => <TutorCard key={tutor._id} tutor={tutor} onView={() => setViewing(tutor._id)} />}
      </CardGridState>
      <ListPager
        label="Tutor pages"
        page={page}
        totalPages={list.data?.pagination?.totalPages ?? 1}
        onPage={(next) => onSearchChange({ ...search, page: next })}
      />
      <TutorDetailsDialog tutorId={viewing} onClose={() => setViewing(null)} onBan={ban.ask} />
      <BanConfirmDialog target={ban.target} pending={ban.pending} onConfirm={ban.confirm} onClose={ban.cancel} />
    </Stack>
  );
}
