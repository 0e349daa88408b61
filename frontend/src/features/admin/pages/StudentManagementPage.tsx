import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../components/form/FormAlert';
import { QueryState } from '../../../components/ui/QueryState';
import { CardGridSkeleton } from '../../../components/ui/Skeleton';
import { AdminPageHeader, BanConfirmDialog, ListPager, SearchBox } from '../components/AdminBits';
import { StudentCard } from '../components/StudentCard';
import { StudentDetailsDialog } from '../components/StudentDetailsDialog';
import { useBanFlow } from '../hooks/useBanFlow';
import { useListSearch } from '../hooks/useListSearch';
import { studentListQuery } from '../queries';
import type { UserListSearch } from '../search';

export function StudentManagementPage({ search, onSearchChange }: { search: UserListSearch; onSearchChange: (next: UserListSearch) => void }) {
  const page = search.page ?? 1;
  const term = search.search ?? '';
  const list = useQuery(studentListQuery({ page, search: term }));
  const box = useListSearch(term, (next) => onSearchChange({ search: next || undefined, page: undefined }));
  const ban = useBanFlow('student');
  const [viewing, setViewing] = useState<string | null>(null);
  const total = list.data?.pagination?.totalPayments ?? list.data?.students.length;

  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Student Management"
        subtitle="Manage and view all registered students"
        aside={<Text fontWeight="semibold">Total Students: {total ?? '—'}</Text>}
      />
      <SearchBox label="Search students" placeholder="Search by name, email or phone" value={box.text} onChange={box.setText} />
      {ban.failure && <FormAlert title={ban.failure} />}
      <QueryState
        query={list}
        errorHeadline="Failed to load students"
        errorTitle={
          <Text fontWeight="semibold" fontSize="lg">
            Error
          </Text>
        }
        skeleton={<CardGridSkeleton label="Loading students" count={6} />}
        isEmpty={(data) => data.students.length === 0}
        empty={
          <Stack gap="1">
            <Text fontWeight="semibold">No students found</Text>
            <Text color="fg.muted">{term ? 'Try adjusting your search terms.' : 'No students have registered yet'}</Text>
          </Stack>
        }
      >
        {(data) => (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {data.students.map((student) => (
              <StudentCard key={student._id} student={student} onView={() => setViewing(student._id)} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <ListPager
        label="Student pages"
        page={page}
        totalPages={list.data?.pagination?.totalPages ?? 1}
        onPage={(next) => onSearchChange({ ...search, page: next })}
      />
      <StudentDetailsDialog studentId={viewing} onClose={() => setViewing(null)} onBan={ban.ask} />
      <BanConfirmDialog target={ban.target} pending={ban.pending} onConfirm={ban.confirm} onClose={ban.cancel} />
    </Stack>
  );
}
