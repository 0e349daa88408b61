import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../components/form/FormAlert';
import { AdminPageHeader, BanConfirmDialog, CardGridState, ListPager, SearchBox } from '../components/AdminBits';
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
      <CardGridState
        query={list}
        noun="students"
        items={(data) => data.students}
        emptyHint={term ? 'Try adjusting your search terms.' : 'No students have registered yet'}
      >
        {(student) => <StudentCard key={student._id} student={student} onView={() => setViewing(student._id)} />}
      </CardGridState>
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
