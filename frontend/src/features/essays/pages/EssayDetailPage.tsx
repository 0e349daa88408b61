import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '../../../components/ui/Skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { FiArrowLeft, FiDownload, FiEye } from 'react-icons/fi';
import { formatPounds } from '@redpen/shared/pricing';
import { Card, InfoGrid } from '../../../components/ui/Card';
import { Tag } from '../../../components/ui/Tag';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { toastError } from '../../../components/ui/toaster';
import { formatDate, formatDateTime as dateTime } from '../../../lib/format';
import { EssayActions } from '../components/EssayActions';
import { QueryState } from '../../../components/ui/QueryState';
import { PdfViewerDialog } from '../components/PdfViewerDialog';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { EssayTurnLine } from '../../../components/EssayTurnLine';
import { WordCountInlineEdit } from '../components/WordCountInlineEdit';
import { PAYMENT_NOTES, STATUS_LABELS, essayActions, essayStatus, includedSurcharges, tutorCheckNote } from '../essay-rules';
import { useFreshLink, type FileKind } from '../hooks/useFreshLink';
import { studentEssayQuery } from '../queries';

/**
 * The essay's files. The tutor's file is a "Model answer" only when one was asked for (Feedback and Model Answer);
 * on a Feedback Only request it is their optional marked-up copy, a "Marked essay".
 */
const filesOf = (essay: { requestType: string }): { kind: FileKind; label: string }[] => [
  { kind: 'fileUrl', label: 'Essay file' },
  { kind: 'markingScheme', label: 'Marking scheme' },
  { kind: 'modelURL', label: essay.requestType === 'feedback_model' ? 'Model answer' : 'Marked essay' },
];

/** Essay detail: the essay, its review once completed, its files, and the card's actions. */
export function EssayDetailPage({ essayId }: { essayId: string }) {
  const essay = useQuery(studentEssayQuery(essayId));
  const { freshLink, openInNewTab } = useFreshLink(essay);
  const [viewing, setViewing] = useState<{ title: string; url: string } | null>(null);
  useDocumentTitle(essay.data?.title ?? 'Essay Details');

  const view = async (kind: FileKind, label: string) => {
    try {
      const url = await freshLink(kind);
      if (url) setViewing({ title: `${label}: ${essay.data?.title ?? ''}`, url });
      else toastError('This file is no longer available.');
    } catch {
      toastError('Failed to load essay details.');
    }
  };

  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
      <RouterLink to="/student/essays">
        <FiArrowLeft aria-hidden /> Back to My Essays
      </RouterLink>
    </Button>
  );

  if (!essay.isSuccess) {
    return (
      <Stack gap="6">
        {back}
        <QueryState
          query={essay}
          errorFallback="Failed to load essay details."
          notFound={
            <Stack gap="2">
              <Heading as="h1" size="2xl">
                Essay not found
              </Heading>
              <Text color="fg.muted">It may have been removed, or the link is wrong.</Text>
            </Stack>
          }
          skeleton={
            <Stack gap="6" aria-busy="true" aria-label="Loading essay">
              <Skeleton height="40px" width="60%" />
              <Skeleton height="260px" rounded="xl" />
              <Skeleton height="160px" rounded="xl" />
            </Stack>
          }
        >
          {() => null}
        </QueryState>
      </Stack>
    );
  }

  const data = essay.data;
  const can = essayActions(data);
  const completed = data.state === 'completed';
  // The review shows once completed, and stays readable while a revision of it is under way.
  const reviewed = completed || (data.state === 'revision_requested' && data.feedback !== null);
  const files = filesOf(data).filter((file) => data[file.kind]);

  return (
    <Stack gap="6">
      {back}
      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="2xl" fontWeight="bold">
            {data.title}
          </Heading>
          <StatusBadge status={essayStatus(data.status)} />
          {data.expedited && <Tag tone="orange">Expedited</Tag>}
        </HStack>
        <Text color="fg.muted">
          {data.subject} · {data.academicLevel}
        </Text>
        <EssayTurnLine essay={data} />
      </Stack>

      <Card>
        <Stack gap="5">
          <Heading as="h2" size="lg">
            Essay Details
          </Heading>
          <InfoGrid
            items={[
              { label: 'Subject', value: data.subject },
              { label: 'Academic Level', value: data.academicLevel },
              { label: 'Word Count', value: <WordCountInlineEdit essay={data} editable={can.editWordCount} showLabel={false} /> },
              { label: 'Status', value: STATUS_LABELS[data.status] },
              { label: 'Submitted', value: formatDate(data.createdAt) },
              ...(completed && data.completedAt ? [{ label: 'Reviewed', value: formatDate(data.completedAt) }] : []),
              { label: 'Student Request', value: data.studentRequest },
              {
                label: 'Price',
                value: `${formatPounds(data.pricePence)}${PAYMENT_NOTES[data.paymentStatus]}${includedSurcharges(data)}`,
              },
              ...(data.tutorName ? [{ label: 'Tutor', value: data.tutorName }] : []),
              ...(data.markingDueAt ? [{ label: 'Review due by', value: dateTime(data.markingDueAt) }] : []),
              ...(data.revisionAvailableUntil && can.requestRevision
                ? [{ label: 'Revision available until', value: dateTime(data.revisionAvailableUntil) }]
                : []),
              ...(data.refundableUntil && can.refund ? [{ label: 'Refund available until', value: dateTime(data.refundableUntil) }] : []),
              { label: 'Comments', value: data.notes ?? data.comments },
            ]}
          />
          {can.needsConfirmation && <Text color="orange.700">Confirm the word count to send this essay to our tutors.</Text>}
          {tutorCheckNote(data) && <Text color="blue.700">{tutorCheckNote(data)}</Text>}
          <EssayActions essay={data} />
        </Stack>
      </Card>

      {reviewed && (
        <Card>
          <Stack gap="4">
            <HStack justify="space-between" wrap="wrap">
              <Heading as="h2" size="lg">
                Feedback
              </Heading>
              {data.score !== null && (
                <Text fontSize="xl" fontWeight="bold" aria-label={`Score: ${data.score} out of 10`}>
                  {data.score}/10
                </Text>
              )}
            </HStack>
            <Text whiteSpace="pre-wrap">{data.feedback || 'No written feedback.'}</Text>
            {data.rated && data.studentRating && (
              <Text color="green.700">
                You rated this review {data.studentRating.rating}/5{data.studentRating.feedback ? `: “${data.studentRating.feedback}”` : '.'}
              </Text>
            )}
          </Stack>
        </Card>
      )}

      <Card>
        <Stack gap="4">
          <Heading as="h2" size="lg">
            Files
          </Heading>
          {files.length === 0 ? (
            <Text color="fg.muted">No files available.</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
              {files.map((file) => (
                <HStack as="li" key={file.kind} justify="space-between" wrap="wrap" gap="3" bg="gray.50" rounded="md" px="4" py="3">
                  <Text fontWeight="medium">{file.label}</Text>
                  <HStack gap="2">
                    <Button size="sm" variant="outline" onClick={() => void view(file.kind, file.label)} aria-label={`View ${file.label}`}>
                      <FiEye aria-hidden /> View
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => void openInNewTab(file.kind)} aria-label={`Download ${file.label}`}>
                      <FiDownload aria-hidden /> Download
                    </Button>
                  </HStack>
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>

      <PdfViewerDialog title={viewing?.title ?? ''} url={viewing?.url ?? null} onClose={() => setViewing(null)} />
    </Stack>
  );
}
