import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { useQuery } from '@tanstack/react-query';
import { AppDialog } from '../../../components/ui/dialogs';
import { QueryState } from '../../../components/ui/QueryState';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatDate } from '../../../lib/format';
import { studentQuery } from '../queries';
import { studentBadge } from '../rules';
import { Detail, DetailSection, type BanTarget } from './AdminBits';
import { AuditHistory } from './AuditHistory';
import { Avatar } from './StudentCard';

export function StudentDetailsDialog({ studentId, onClose, onBan }: { studentId: string | null; onClose: () => void; onBan: (target: BanTarget) => void }) {
  const student = useQuery({ ...studentQuery(studentId ?? ''), enabled: studentId !== null });
  const data = student.data;
  return (
    <AppDialog
      open={studentId !== null}
      onClose={onClose}
      title="Student Details"
      size="lg"
      footer={
        <HStack>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {data && (
            <Button colorPalette={data.banned ? 'green' : 'red'} onClick={() => onBan({ id: data._id, name: data.name || 'this student', ban: !data.banned })}>
              {data.banned ? 'Unban Student' : 'Ban Student'}
            </Button>
          )}
        </HStack>
      }
    >
      <QueryState query={student} errorFallback="Failed to load students" loadingLabel="Loading student">
        {(s) => (
          <Stack gap="5">
            <HStack gap="4">
              <Avatar src={s.profilePicture} name={s.name} size="16" />
              <Stack gap="1">
                <strong>{s.name || 'No name'}</strong>
                <StatusBadge status={studentBadge(s.banned)} />
              </Stack>
            </HStack>
            <DetailSection title="Details">
              <Detail label="Email">{s.email}</Detail>
              <Detail label="Phone">{s.phone}</Detail>
              <Detail label="Date of Birth">{formatDate(s.dateOfBirth)}</Detail>
              <Detail label="Email Verified">{s.emailVerified ? 'Verified' : 'Not Verified'}</Detail>
              <Detail label="Onboarding Status">{s.onboardingCompleted ? 'Completed' : 'Pending'}</Detail>
              <Detail label="Joined">{formatDate(s.createdAt)}</Detail>
            </DetailSection>
            <AuditHistory subjectId={s._id} />
          </Stack>
        )}
      </QueryState>
    </AppDialog>
  );
}
