import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppDialog } from '../../../components/ui/dialogs';
import { QueryState } from '../../../components/ui/QueryState';
import { StatusBadge, type StatusLabel } from '../../../components/ui/StatusBadge';
import type { BanTarget } from './AdminBits';
import { AuditHistory } from './AuditHistory';
import { Avatar } from './StudentCard';

interface Person {
  _id: string;
  name: string;
  profilePicture: string | null;
  banned: boolean;
}

/**
 * The details dialog of a student or a tutor: Close and Ban / Unban in the footer, the picture, name and
 * status badge on top, the role's own sections, then the account's audit history.
 */
export function PersonDetailsDialog<P extends Person>({
  open,
  onClose,
  onBan,
  role,
  query,
  badge,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onBan: (target: BanTarget) => void;
  role: 'Student' | 'Tutor';
  query: UseQueryResult<P>;
  badge: (person: P) => StatusLabel;
  children: (person: P) => ReactNode;
}) {
  const data = query.data;
  const lower = role.toLowerCase();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={`${role} Details`}
      size="lg"
      footer={
        <HStack>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {data && (
            <Button colorPalette={data.banned ? 'green' : 'red'} onClick={() => onBan({ id: data._id, name: data.name || `this ${lower}`, ban: !data.banned })}>
              {data.banned ? `Unban ${role}` : `Ban ${role}`}
            </Button>
          )}
        </HStack>
      }
    >
      <QueryState query={query} errorFallback={`Failed to load ${lower}s`} loadingLabel={`Loading ${lower}`}>
        {(person) => (
          <Stack gap="5">
            <HStack gap="4">
              <Avatar src={person.profilePicture} name={person.name} size="16" />
              <Stack gap="1">
                <strong>{person.name || 'No name'}</strong>
                <StatusBadge status={badge(person)} />
              </Stack>
            </HStack>
            {children(person)}
            <AuditHistory subjectId={person._id} />
          </Stack>
        )}
      </QueryState>
    </AppDialog>
  );
}
