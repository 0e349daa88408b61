import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/format';
import { auditQuery } from '../queries';

/** The admin actions on one user or payment, newest first (GET /api/admin/audit?subjectId=). */
export function AuditHistory({ subjectId }: { subjectId: string }) {
  const entries = useQuery(auditQuery(subjectId));
  return (
    <Stack as="section" gap="2" aria-label="History">
      <Text fontWeight="semibold">History</Text>
      <QueryState
        query={entries}
        errorFallback="Failed to load the history"
        loadingLabel="Loading history"
        empty={<Text color="fg.muted">No admin actions yet.</Text>}
      >
        {(rows) => (
          <Stack as="ul" gap="1" listStyleType="none" fontSize="sm">
            {rows.map((entry) => (
              <li key={entry._id}>
                {formatDateTime(entry.createdAt)} — {entry.action} by {entry.actor.name ?? 'an admin'}
                {entry.reason ? `: ${entry.reason}` : ''}
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
