import { Link } from '@chakra-ui/react/link';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { InfoGrid } from '../../../components/ui/Card';
import { formatDate, formatDateTime } from '../../../lib/format';
import { essayWordCount, pounds, wordCount } from '../format';
import { essayBadge, markingDeadline, type TutorEssay } from '../rules';
import { AppDialog } from '../../../components/ui/dialogs';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { EssayTurnLine } from '../../../components/EssayTurnLine';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Everything about one of the tutor's essays, with its files (short-lived links, opened in a new tab). */
export function EssayDetailsDialog({ essay, now, onClose }: { essay: TutorEssay | null; now: number; onClose: () => void }) {
  return (
    <AppDialog open={essay !== null} onClose={onClose} title={essay?.title ?? 'Essay details'} size="lg">
      {essay && (
        <Stack gap="5">
          <HStack gap="2" wrap="wrap">
            <StatusBadge status={essayBadge(essay, now)} />
            <Text fontSize="sm" color="fg.muted">
              {essay.status} · Payment {essay.paymentStatus}
            </Text>
          </HStack>
          <EssayTurnLine essay={essay} now={now} />
          <InfoGrid
            items={[
              // A cancelled essay's student is not named: no row, rather than "Student: Not provided".
              ...(essay.studentName?.trim() ? [{ label: 'Student', value: essay.studentName }] : []),
              { label: 'Subject', value: essay.subject },
              { label: 'Academic level', value: essay.academicLevel },
              { label: 'Request', value: essay.studentRequest },
              { label: 'Word count', value: essayWordCount(essay) },
              { label: 'Original word count', value: `${wordCount(essay.originalWordCount)} (may be agreed between ${essay.minWordCount} and ${essay.maxWordCount})` },
              { label: 'Price', value: pounds(essay.pricePence) },
              { label: 'Expedited', value: essay.expedited ? 'Yes (marked within 24 hours of payment)' : 'No' },
              { label: 'Notes from the student', value: essay.notes },
              { label: 'Submitted', value: formatDate(essay.createdAt) },
              { label: 'Accepted', value: formatDateTime(essay.acceptedAt) },
              { label: 'Word count confirmed', value: yesNo(essay.tutorConfirmed) },
              { label: 'Paid', value: formatDateTime(essay.paid_time) },
              { label: 'Marking due', value: essay.state === 'paid' || essay.state === 'revision_requested' ? formatDateTime(markingDeadline(essay)) : null },
              { label: 'Revision requested', value: formatDateTime(essay.revisionRequestedAt) },
              { label: 'Completed', value: formatDateTime(essay.completedAt) },
              { label: 'Score', value: essay.score === null ? null : `${essay.score}/10` },
              { label: 'Feedback accepted by the student', value: yesNo(essay.student_accept) },
              { label: 'Paid out to you', value: yesNo(essay.tutor_paid) },
              {
                label: 'Student rating',
                value: essay.studentRating ? `${essay.studentRating.rating}/5${essay.studentRating.feedback ? ` — “${essay.studentRating.feedback}”` : ''}` : null,
              },
            ]}
          />
          {essay.feedback && (
            <Stack gap="1">
              <Heading as="h3" size="sm">
                Your feedback
              </Heading>
              <Text whiteSpace="pre-wrap" fontSize="sm">
                {essay.feedback}
              </Text>
            </Stack>
          )}
          <EssayFiles essay={essay} />
        </Stack>
      )}
    </AppDialog>
  );
}

/** The essay's files: links the API signs for a short while (they open in a new tab). */
export function EssayFiles({ essay }: { essay: Pick<TutorEssay, 'fileUrl' | 'markingScheme' | 'modelURL'> }) {
  const files = [
    { label: 'Essay file', url: essay.fileUrl },
    { label: 'Marking scheme', url: essay.markingScheme },
    { label: 'Marked essay', url: essay.modelURL },
  ].filter((file): file is { label: string; url: string } => Boolean(file.url));
  return (
    <Stack gap="1">
      <Heading as="h3" size="sm">
        Files
      </Heading>
      {files.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No files available.
        </Text>
      ) : (
        <HStack as="ul" gap="4" wrap="wrap" listStyleType="none" m="0" p="0">
          {files.map((file) => (
            <li key={file.label}>
              <Link href={file.url} target="_blank" rel="noopener noreferrer" colorPalette="brand" fontWeight="medium">
                {file.label}
                <Text as="span" srOnly>
                  {' '}
                  (opens in a new tab)
                </Text>
              </Link>
            </li>
          ))}
        </HStack>
      )}
    </Stack>
  );
}
