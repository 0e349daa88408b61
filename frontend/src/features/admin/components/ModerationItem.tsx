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

export interface ModerationEntry {
  kind: ResolveModerationBody['kind'];
  id: string;
  title: string;
  detail: string;
  at: string;
  context: Context;
}

/** What happened and when: the row's header cell. */
export function ModerationSummary({ entry }: { entry: ModerationEntry }) {
  return (
    <Stack gap="1" maxW="sm">
      <Text fontWeight="semibold">{entry.title}</Text>
      <Text fontWeight="normal">{entry.detail}</Text>
      <Text fontSize="xs" color="fg.muted" fontWeight="normal">
        {formatDateTime(entry.at)}
      </Text>
    </Stack>
  );
}

/** The conversation's two people, each opening their details. */
export function ModerationPeople({ context, onViewPerson }: { context: Context; onViewPerson: (kind: 'student' | 'tutor', id: string) => void }) {
  return (
    <Stack gap="2" align="flex-start">
      {(['student', 'tutor'] as const).map((role) => {
        const person = context[role];
        return (
          <Button key={role} size="xs" variant="outline" onClick={() => onViewPerson(role, person._id)}>
            {role === 'student' ? 'Student' : 'Tutor'}: {person.name} {person.banned ? '(banned)' : ''}
          </Button>
        );
      })}
    </Stack>
  );
}

/** The conversation's latest messages, already masked. */
export function ModerationExcerpt({ context }: { context: Context }) {
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

/** The resolution: a badge once resolved, else dismiss, warn by email or ban one of the two people, with a note. */
export function ModerationResolve({ entry, pending, onResolve }: { entry: ModerationEntry; pending: boolean; onResolve: (body: ResolveModerationBody) => void }) {
  const { context } = entry;
  const [action, setAction] = useState<ResolveModerationBody['action']>('dismiss');
  const [who, setWho] = useState(context.studentId);
  const [note, setNote] = useState('');
  if (context.resolution) return <StatusBadge tone="success">Resolved: {context.resolution.action}</StatusBadge>;
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
            options={[context.student, context.tutor].map((person) => ({ value: person._id, label: person.name }))}
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
