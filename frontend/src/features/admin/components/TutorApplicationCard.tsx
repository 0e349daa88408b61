import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { Card } from '../../../components/ui/Card';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import type { useTutorDecisions } from '../hooks/useTutorDecisions';
import type { AdminTutorDetail, StudyLevel } from '../queries';
import { WAITING_LABELS } from '../rules';
import { ApprovalForm } from './ApprovalForm';
import { ReasonDialog } from './ReasonDialog';
import { TutorDocuments } from './TutorDocuments';

type Decisions = ReturnType<typeof useTutorDecisions>;
type Rejecting = { kind: 'application' } | { kind: 'profilePicture' | 'StudyLevel' };

/** One tutor in the approval queue: what waits, their documents, the approval form, and the pending changes. */
export function TutorApplicationCard({ tutor, decisions }: { tutor: AdminTutorDetail; decisions: Decisions }) {
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const { approve, reject, review } = decisions;
  // The decision names the level or picture shown here: if the tutor has asked again since, the API refuses it.
  const reviewChange = (change: 'profilePicture' | 'StudyLevel', approveIt: boolean, reason?: string) =>
    review.mutate({
      tutorId: tutor._id,
      change,
      approve: approveIt,
      ...(change === 'StudyLevel' && tutor.pendingStudyLevel ? { StudyLevel: tutor.pendingStudyLevel as StudyLevel } : {}),
      ...(change === 'profilePicture' && tutor.pendingProfilePictureKey ? { profilePictureKey: tutor.pendingProfilePictureKey } : {}),
      ...(reason ? { reason } : {}),
    });

  return (
    <Card>
      <Stack gap="4" aria-label={tutor.name} role="group">
        <HStack justify="space-between" wrap="wrap">
          <Box>
            <Heading as="h2" size="md">
              {tutor.name}
            </Heading>
            <Text color="fg.muted" overflowWrap="anywhere">{tutor.email}</Text>
            <Text fontSize="sm" color="fg.muted">
              {[tutor.university, tutor.course, tutor.StudyLevel].filter(Boolean).join(' · ')}
            </Text>
          </Box>
          <HStack wrap="wrap">
            {tutor.waiting.map((item) => (
              <StatusBadge key={item} tone="warning">
                {WAITING_LABELS[item]}
              </StatusBadge>
            ))}
          </HStack>
        </HStack>
        <TutorDocuments tutor={tutor} />
        <ApprovalForm tutor={tutor} pending={approve.isPending} onApprove={(body) => approve.mutate(body)} />
        {tutor.waiting.includes('application') && (
          <Button size="sm" variant="outline" colorPalette="red" alignSelf="flex-start" onClick={() => setRejecting({ kind: 'application' })}>
            Reject application
          </Button>
        )}
        {tutor.pendingProfilePicture && (
          <ChangeRow
            label="New profile picture"
            onApprove={() => reviewChange('profilePicture', true)}
            onReject={() => setRejecting({ kind: 'profilePicture' })}
          />
        )}
        {tutor.pendingStudyLevel && (
          <ChangeRow
            label={`Study level change: ${tutor.StudyLevel ?? 'none'} → ${tutor.pendingStudyLevel}`}
            onApprove={() => reviewChange('StudyLevel', true)}
            onReject={() => setRejecting({ kind: 'StudyLevel' })}
          />
        )}
      </Stack>
      <ReasonDialog
        title={rejecting?.kind === 'application' ? `Reject ${tutor.name}'s application` : 'Reject the change'}
        open={rejecting !== null}
        pending={reject.isPending || review.isPending}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) => {
          if (rejecting?.kind === 'application') reject.mutate({ tutorId: tutor._id, reason });
          else if (rejecting) reviewChange(rejecting.kind, false, reason);
          setRejecting(null);
        }}
      />
    </Card>
  );
}

function ChangeRow({ label, onApprove, onReject }: { label: string; onApprove: () => void; onReject: () => void }) {
  return (
    <HStack justify="space-between" borderTopWidth="1px" pt="3" wrap="wrap">
      <Text fontWeight="medium">{label}</Text>
      <HStack>
        <Button size="xs" colorPalette="green" onClick={onApprove}>
          Approve {label.startsWith('New') ? 'picture' : 'level'}
        </Button>
        <Button size="xs" variant="outline" colorPalette="red" onClick={onReject}>
          Reject {label.startsWith('New') ? 'picture' : 'level'}
        </Button>
      </HStack>
    </HStack>
  );
}
