import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState } from 'react';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatDateTime } from '../../../lib/format';
import type { ModerationQueue, ResolveModerationBody } from '../queries';

type Context = ModerationQueue['reports'][number]['context'];
type Person = Context['student'];

export interface ModerationEntry {
  kind: ResolveModerationBody['kind'];
  id: string;
  title: string;
  detail: string;
  at: string;
  /** What its author wrote before the masking (a flagged text's; the moderators' alone), when it was kept. */
  original?: string | null;
  /** The people it concerns: a conversation's student and tutor; a masked text's author and its reader, if any. */
  people: { role: 'student' | 'tutor'; person: Person }[];
  /** The conversation it is in; none for a text written outside chat (feedback, a description, notes…). */
  context: Context | null;
  /** Where a text written outside chat was written, in words. */
  source?: string;
  resolution: Context['resolution'];
}

/** What happened and when: the row's header cell. */
export function ModerationSummary({ entry }: { entry: ModerationEntry }) {
  return (
    <Stack gap="1" maxW="sm">
      <Text fontWeight="semibold">{entry.title}</Text>
      <Text fontWeight="normal">{entry.detail}</Text>
      {entry.original && (
        <Text fontSize="sm" fontWeight="normal" whiteSpace="pre-wrap">
          As written: “{entry.original}”
        </Text>
      )}
      <Text fontSize="xs" color="fg.muted" fontWeight="normal">
        {formatDateTime(entry.at)}
      </Text>
    </Stack>
  );
}

/** The item's people (a conversation's two, a text's author and reader), each opening their details. */
export function ModerationPeople({ people, onViewPerson }: { people: ModerationEntry['people']; onViewPerson: (kind: 'student' | 'tutor', id: string) => void }) {
  return (
    <Stack gap="2" align="flex-start">
      {people.map(({ role, person }) => (
        <Button key={role} size="xs" variant="outline" onClick={() => onViewPerson(role, person._id)}>
          {role === 'student' ? 'Student' : 'Tutor'}: {person.name} {person.banned ? '(banned)' : ''}
        </Button>
      ))}
    </Stack>
  );
}

/** The conversation's latest messages, already masked; for a text written outside chat, where it was written. */
export function ModerationExcerpt({ context, source }: { context: Context | null; source?: string }) {
  if (!context) return <Text fontSize="sm">{source ?? 'Not in a conversation'}</Text>;
  return (
    <Box as="ol" bg="gray.50" rounded="md" p="3" fontSize="sm" minW="56" maxW="md" aria-label="Conversation excerpt">
      {context.excerpt.map((message) => (
        <li key={message._id}>
          <strong>{message.senderRole === 'student' ? context.student.name : context.tutor.name}:</strong> {message.content}
        </li>
      ))}
    </Box>
  );
}

/** The resolution: a badge once resolved, else dismiss, warn by email or ban one of its people, with a note. */
export function ModerationResolve({ entry, pending, onResolve }: { entry: ModerationEntry; pending: boolean; onResolve: (body: ResolveModerationBody) => void }) {
  const [action, setAction] = useState<ResolveModerationBody['action']>('dismiss');
  const [who, setWho] = useState(entry.people[0]?.person._id ?? '');
  const [note, setNote] = useState('');
  if (entry.resolution) return <StatusBadge tone="success">Resolved: {entry.resolution.action}</StatusBadge>;
  return (
    <Stack gap="2" minW="56" role="group" aria-label={`Resolve: ${entry.title}`}>
      <HStack gap="3" align="flex-end" wrap="wrap">
        <SelectField
          id={`action-${entry.id}`}
          label="Resolution"
          options={[
            { value: 'dismiss', label: 'Dismiss' },
            { value: 'warn', label: 'Warn by email' },
            { value: 'ban', label: 'Ban' },
          ]}
          value={action}
          onChange={(e) => setAction(e.target.value as ResolveModerationBody['action'])}
        />
        {action !== 'dismiss' && (
          <SelectField
            id={`who-${entry.id}`}
            label="Who"
            options={entry.people.map(({ person }) => ({ value: person._id, label: person.name }))}
            value={who}
            onChange={(e) => setWho(e.target.value)}
          />
        )}
      </HStack>
      <FormField id={`note-${entry.id}`} label="Note">
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
      </FormField>
      <Button
        size="sm"
        colorPalette="brand"
        alignSelf="flex-start"
        loading={pending}
        onClick={() =>
          onResolve({
            kind: entry.kind,
            id: entry.id,
            action,
            ...(action !== 'dismiss' ? { userId: who } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          })
        }
      >
        Resolve
      </Button>
    </Stack>
  );
}
