import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format';
import { tutorQuery } from '../queries';
import { starRating, tutorBadge } from '../rules';
import { Detail, DetailSection, type BanTarget } from './AdminBits';
import { PersonDetailsDialog } from './PersonDetailsDialog';

/** The spec's sections: Personal Information, Academic Information, Platform Status, Teaching Subjects, Motivation. */
export function TutorDetailsDialog({ tutorId, onClose, onBan }: { tutorId: string | null; onClose: () => void; onBan: (target: BanTarget) => void }) {
  const tutor = useQuery({ ...tutorQuery(tutorId ?? ''), enabled: tutorId !== null });
  return (
    <PersonDetailsDialog open={tutorId !== null} onClose={onClose} onBan={onBan} role="Tutor" query={tutor} badge={(t) => tutorBadge(t.status)}>
      {(t) => (
        <>
          <DetailSection title="Personal Information">
            <Detail label="Email">{t.email}</Detail>
            <Detail label="Phone">{t.phone}</Detail>
            <Detail label="Date of Birth">{formatDate(t.dateOfBirth)}</Detail>
            <Detail label="Years of Experience">{t.yearsOfExperience}</Detail>
            <Detail label="Rating">{`${starRating(t.averageRating, t.totalRatings).text.replace(/\((\d+)\)/, '($1 reviews)')}`}</Detail>
          </DetailSection>
          <DetailSection title="Academic Information">
            <Detail label="University">{t.university}</Detail>
            <Detail label="Course">{t.course}</Detail>
            <Detail label="Study Level">{t.StudyLevel}</Detail>
            <Detail label="University Start Date">{formatDate(t.universityStartDate)}</Detail>
          </DetailSection>
          <DetailSection title="Platform Status">
            <Detail label="Email Verified">{t.emailVerified ? 'Verified' : 'Not Verified'}</Detail>
            <Detail label="Onboarding Status">{t.onboardingCompleted ? 'Completed' : 'Pending'}</Detail>
            <Detail label="DBS Check">{t.hasDBS ? 'Completed' : 'Not Completed'}</Detail>
            <Detail label="Joined">{formatDate(t.createdAt)}</Detail>
          </DetailSection>
          <Stack as="section" gap="2">
            <Text fontWeight="semibold">Teaching Subjects</Text>
            {t.subjects.length === 0 ? (
              <Text color="fg.muted">Not provided</Text>
            ) : (
              <Stack as="ul" gap="1" listStyleType="none">
                {t.subjects.map((subject) => (
                  <li key={subject.name}>
                    {subject.name}: {subject.levels.join(', ')}
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
          {t.motivation && (
            <Stack as="section" gap="2">
              <Text fontWeight="semibold">Motivation</Text>
              <Text whiteSpace="pre-wrap">{t.motivation}</Text>
            </Stack>
          )}
        </>
      )}
    </PersonDetailsDialog>
  );
}
