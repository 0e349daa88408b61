import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState } from 'react';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { Card } from '../../../components/ui/Card';
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

/** One flag, report or block: what happened, the two people, the conversation's excerpt, and the resolution. */
export function ModerationItem({
  entry,
  pending,
  onResolve,
  onViewPerson,
}: {
  entry: ModerationEntry;
  pending: boolean;
  onResolve: (body: ResolveModerationBody) => void;
  onViewPerson: (kind: 'student' | 'tutor', id: string) => void;
}) {
  const { context } = entry;
  const [action, setAction] = useState<ResolveModerationBody['action']>('dismiss');
  const [who, setWho] = useState(context.studentId);
  const [note, setNote] = useState('');
  const people = [
    { role: 'student' as const, person: context.student },
    { role: 'tutor' as const, person: context.tutor },
  ];
  return (
    <Card>
      <Stack gap="3" role="group" aria-label={entry.title}>
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h3" size="sm">
            {entry.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {formatDateTime(entry.at)}
          </Text>
        </HStack>
        <Text>{entry.detail}</Text>
        <HStack gap="4" wrap="wrap">
          {people.map(({ role, person }) => (
            <Button key={role} size="xs" variant="outline" onClick={() => onViewPerson(role, person._id)}>
              {role === 'student' ? 'Student' : 'Tutor'}: {person.name} {person.banned ? '(banned)' : ''}
            </Button>
          ))}
        </HStack>
        <Box as="ol" bg="gray.50" rounded="md" p="3" fontSize="sm" aria-label="Conversation excerpt">
          {context.excerpt.map((message) => (
            <li key={message._id}>
              <strong>{message.senderRole === 'student' ? context.student.name : context.tutor.name}:</strong> {message.content}
            </li>
          ))}
        </Box>
        {context.resolution ? (
          <StatusBadge tone="success">Resolved: {context.resolution.action}</StatusBadge>
        ) : (
          <Stack gap="2" borderTopWidth="1px" pt="3">
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
                  options={people.map(({ person }) => ({ value: person._id, label: person.name }))}
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
        )}
      </Stack>
    </Card>
  );
}
