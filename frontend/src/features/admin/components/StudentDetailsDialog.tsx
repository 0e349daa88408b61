import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format';
import { studentQuery } from '../queries';
import { studentBadge } from '../rules';
import { Detail, DetailSection, type BanTarget } from './AdminBits';
import { PersonDetailsDialog } from './PersonDetailsDialog';

export function StudentDetailsDialog({ studentId, onClose, onBan }: { studentId: string | null; onClose: () => void; onBan: (target: BanTarget) => void }) {
  const student = useQuery({ ...studentQuery(studentId ?? ''), enabled: studentId !== null });
  return (
    <PersonDetailsDialog open={studentId !== null} onClose={onClose} onBan={onBan} role="Student" query={student} badge={(s) => studentBadge(s.banned)}>
      {(s) => (
        <DetailSection title="Details">
          <Detail label="Email">{s.email}</Detail>
          <Detail label="Phone">{s.phone}</Detail>
          <Detail label="Date of Birth">{formatDate(s.dateOfBirth)}</Detail>
          <Detail label="Email Verified">{s.emailVerified ? 'Verified' : 'Not Verified'}</Detail>
          <Detail label="Onboarding Status">{s.onboardingCompleted ? 'Completed' : 'Pending'}</Detail>
          <Detail label="Joined">{formatDate(s.createdAt)}</Detail>
        </DetailSection>
      )}
    </PersonDetailsDialog>
  );
}
