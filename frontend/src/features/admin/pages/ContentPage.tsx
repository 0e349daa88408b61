import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { AdminPageHeader, BanConfirmDialog } from '../components/AdminBits';
import { ModerationExcerpt, ModerationPeople, ModerationResolve, ModerationSummary, type ModerationEntry } from '../components/ModerationItem';
import { StudentDetailsDialog } from '../components/StudentDetailsDialog';
import { TutorDetailsDialog } from '../components/TutorDetailsDialog';
import { useBanFlow } from '../hooks/useBanFlow';
import { adminKeys, MODERATION_PAGE_SIZE, moderationQuery, resolveModeration, type ModerationQueue, type ResolveModerationBody } from '../queries';
import type { ContentSearch } from '../search';

const MASKED = { phone: 'a phone number', email: 'an email address', link: 'a link', handle: 'a social handle' } as const;

type FlaggedText = ModerationQueue['flaggedTexts'][number];
/** Where a masked text was written, and whether its author is the tutor (else the student) of the pair. */
const SOURCES: Record<FlaggedText['source']['kind'], { label: string; byTutor: boolean }> = {
  chat_message: { label: 'Chat message', byTutor: false },
  essay_feedback: { label: 'Essay feedback, written for the student', byTutor: true },
  essay_notes: { label: 'Essay notes, written for the tutors', byTutor: false },
  session_purpose: { label: 'Session purpose, written for the tutor', byTutor: false },
  tutoring_description: { label: 'Tutoring description, shown to students', byTutor: true },
  tutor_motivation: { label: 'Tutor motivation', byTutor: true },
};

function textEntry(t: FlaggedText): ModerationEntry {
  const { label, byTutor } = SOURCES[t.source.kind];
  const people: ModerationEntry['people'] = [{ role: byTutor ? 'tutor' : 'student', person: t.author }];
  if (t.reader) people.push({ role: byTutor ? 'student' : 'tutor', person: t.reader });
  return { kind: 'text', id: t._id, title: 'Masked contact details', detail: `Masked ${t.masked.map((k) => MASKED[k]).join(', ')}: “${t.content}”`, original: t.original, at: t.createdAt, people, context: null, source: label, resolution: t.resolution };
}

/** The page's four lists as one queue, in the server's order (unresolved first, oldest first; then resolved). */
export function moderationEntries(queue: ModerationQueue): ModerationEntry[] {
  const entries = new Map<string, ModerationEntry>();
  const inConversation = (context: ModerationQueue['reports'][number]['context']) => ({
    people: [{ role: 'student' as const, person: context.student }, { role: 'tutor' as const, person: context.tutor }],
    context,
    resolution: context.resolution,
  });
  for (const m of queue.flaggedMessages) {
    entries.set(`message:${m._id}`, { kind: 'message', id: m._id, title: 'Masked contact details', detail: `Masked ${m.masked.map((k) => MASKED[k]).join(', ')}: “${m.content}”`, original: m.original, at: m.timestamp, ...inConversation(m.context) });
  }
  for (const r of queue.reports) entries.set(`report:${r._id}`, { kind: 'report', id: r._id, title: 'Report', detail: `Reason: ${r.reason}`, at: r.createdAt, ...inConversation(r.context) });
  for (const b of queue.blocks) entries.set(`block:${b._id}`, { kind: 'block', id: b._id, title: 'Block', detail: 'The student blocked this tutor.', at: b.blockedAt, ...inConversation(b.context) });
  for (const t of queue.flaggedTexts ?? []) entries.set(`text:${t._id}`, textEntry(t));
  return queue.order.flatMap((item) => entries.get(`${item.kind}:${item._id}`) ?? []);
}

export function ContentPage({ search, onSearchChange }: { search: ContentSearch; onSearchChange: (next: ContentSearch) => void }) {
  const queryClient = useQueryClient();
  const page = search.page ?? 1;
  const queue = useQuery(moderationQuery(page));
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
  const columns: DataTableColumn<ModerationEntry>[] = [
    { key: 'item', header: 'Item', rowHeader: true, cell: (entry) => <ModerationSummary entry={entry} /> },
    { key: 'people', header: 'People', cell: (entry) => <ModerationPeople people={entry.people} onViewPerson={(kind, id) => setViewing({ kind, id })} /> },
    { key: 'conversation', header: 'Conversation', cell: (entry) => <ModerationExcerpt context={entry.context} source={entry.source} /> },
    { key: 'resolution', header: 'Resolution', cell: (entry) => <ModerationResolve entry={entry} pending={resolve.isPending} onResolve={(body) => resolve.mutate(body)} /> },
  ];
  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Content & safeguarding"
        subtitle="Masked contact details (chats, feedback, descriptions, purposes, notes, motivations), reports and blocks"
        aside={
          <Link href="/api/admin/queues" target="_blank" rel="noreferrer" color="brand.600">
            Job queues (Bull Board)
          </Link>
        }
      />
      <DataTable
        caption="Moderation queue: unresolved first, oldest first"
        columns={columns}
        rows={queue.data ? moderationEntries(queue.data) : undefined}
        rowKey={(entry) => `${entry.kind}-${entry.id}`}
        query={queue}
        errorFallback="Failed to load the moderation queue"
        empty="Nothing to review."
        pageSize={MODERATION_PAGE_SIZE}
        page={queue.data?.pagination.currentPage ?? page}
        total={queue.data?.pagination.totalPayments}
        onPageChange={(next) => onSearchChange({ ...search, page: next })}
      />
      <StudentDetailsDialog studentId={viewing?.kind === 'student' ? viewing.id : null} onClose={() => setViewing(null)} onBan={studentBan.ask} />
      <TutorDetailsDialog tutorId={viewing?.kind === 'tutor' ? viewing.id : null} onClose={() => setViewing(null)} onBan={tutorBan.ask} />
      <BanConfirmDialog target={studentBan.target} pending={studentBan.pending} onConfirm={studentBan.confirm} onClose={studentBan.cancel} />
      <BanConfirmDialog target={tutorBan.target} pending={tutorBan.pending} onConfirm={tutorBan.confirm} onClose={tutorBan.cancel} />
    </Stack>
  );
}
