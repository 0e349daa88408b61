import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { QueryState } from '../../../components/ui/QueryState';
import { SkeletonStack } from '../../../components/ui/Skeleton';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { AdminPageHeader, BanConfirmDialog } from '../components/AdminBits';
import { ModerationItem, type ModerationEntry } from '../components/ModerationItem';
import { StudentDetailsDialog } from '../components/StudentDetailsDialog';
import { TutorDetailsDialog } from '../components/TutorDetailsDialog';
import { useBanFlow } from '../hooks/useBanFlow';
import { adminKeys, moderationQuery, resolveModeration, type ModerationQueue, type ResolveModerationBody } from '../queries';

const MASKED = { phone: 'a phone number', email: 'an email address', link: 'a link', handle: 'a social handle' } as const;

/** The three lists as one queue, newest first. */
export function moderationEntries(queue: ModerationQueue): ModerationEntry[] {
  return [
    ...queue.flaggedMessages.map((m): ModerationEntry => ({
      kind: 'message',
      id: m._id,
      title: 'Masked contact details',
      detail: `Masked ${m.masked.map((k) => MASKED[k]).join(', ')}: “${m.content}”`,
      at: m.timestamp,
      context: m.context,
    })),
    ...queue.reports.map((r): ModerationEntry => ({
      kind: 'report',
      id: r._id,
      title: 'Report',
      detail: `Reason: ${r.reason}`,
      at: r.createdAt,
      context: r.context,
    })),
    ...queue.blocks.map((b): ModerationEntry => ({
      kind: 'block',
      id: b._id,
      title: 'Block',
      detail: 'The student blocked this tutor.',
      at: b.blockedAt,
      context: b.context,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
}

export function ContentPage() {
  const queryClient = useQueryClient();
  const queue = useQuery(moderationQuery());
  const [viewing, setViewing] = useState<{ kind: 'student' | 'tutor'; id: string } | null>(null);
  const studentBan = useBanFlow('student');
  const tutorBan = useBanFlow('tutor');
  const resolve = useMutation({
    mutationFn: (body: ResolveModerationBody) => resolveModeration(body),
    onSuccess: () => {
      toastSuccess('Resolution saved');
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toastError(errorMessage(error, 'Failed to resolve')),
  });
  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Content & safeguarding"
        subtitle="Masked contact details, reports and blocks from the chats"
        aside={
          <Link href="/api/admin/queues" target="_blank" rel="noreferrer" color="brand.600">
            Job queues (Bull Board)
          </Link>
        }
      />
      <QueryState
        query={queue}
        errorFallback="Failed to load the moderation queue"
        skeleton={<SkeletonStack label="Loading the moderation queue" height="40" />}
        isEmpty={(data) => moderationEntries(data).length === 0}
        empty={<Text color="fg.muted">Nothing to review.</Text>}
      >
        {(data) => (
          <Stack gap="4">
            {moderationEntries(data).map((entry) => (
              <ModerationItem
                key={`${entry.kind}-${entry.id}`}
                entry={entry}
                pending={resolve.isPending}
                onResolve={(body) => resolve.mutate(body)}
                onViewPerson={(kind, id) => setViewing({ kind, id })}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <StudentDetailsDialog studentId={viewing?.kind === 'student' ? viewing.id : null} onClose={() => setViewing(null)} onBan={studentBan.ask} />
      <TutorDetailsDialog tutorId={viewing?.kind === 'tutor' ? viewing.id : null} onClose={() => setViewing(null)} onBan={tutorBan.ask} />
      <BanConfirmDialog target={studentBan.target} pending={studentBan.pending} onConfirm={studentBan.confirm} onClose={studentBan.cancel} />
      <BanConfirmDialog target={tutorBan.target} pending={tutorBan.pending} onConfirm={tutorBan.confirm} onClose={tutorBan.cancel} />
    </Stack>
  );
}
