import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useMemo, useState } from 'react';
import { FiArrowLeft, FiMoreVertical } from 'react-icons/fi';
import { errorMessage } from '../../../api/client';
import { reportConversation, type ChatContact, type ChatRole } from '../queries';

interface ThreadHeaderProps {
  role: ChatRole;
  contact: ChatContact;
  onBack: () => void;
  onBlockChange: (blocked: boolean) => Promise<void>;
}

/** The open conversation's name and presence, with Report (both sides) and Block (the student) behind its menu. */
export function ThreadHeader({ role, contact, onBack, onBlockChange }: ThreadHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonOk = useMemo(() => reason.trim().length >= 3, [reason]);

  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      setStatus(done);
      setMenuOpen(false);
      setReporting(false);
      setReason('');
    } catch (error) {
      setStatus(errorMessage(error, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box borderBottomWidth="1px">
      <Flex align="center" gap="2" px="3" py="2">
        <IconButton aria-label="Back to contacts" variant="ghost" size="sm" display={{ md: 'none' }} onClick={onBack}>
          <FiArrowLeft />
        </IconButton>
        <Box flex="1" minW="0">
          <Heading as="h2" size="sm" truncate>
            {contact.name}
          </Heading>
          {/* green.700: 5:1 on white (green.600 is 3.3:1). */}
          <Text fontSize="xs" color={contact.online ? 'green.700' : 'fg.muted'} data-testid="presence">
            {contact.online ? 'Online' : 'Offline'}
          </Text>
        </Box>
        <IconButton aria-label="Conversation options" aria-expanded={menuOpen} variant="ghost" size="sm" onClick={() => setMenuOpen((open) => !open)}>
          <FiMoreVertical />
        </IconButton>
      </Flex>
      {menuOpen && (
        <Stack px="3" pb="3" gap="2">
          {!reporting ? (
            <Flex gap="2" wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => setReporting(true)}>
                Report conversation
              </Button>
              {role === 'student' && (
                <Button size="sm" variant="outline" colorPalette="red" loading={busy} onClick={() => void run(() => onBlockChange(!contact.blocked), contact.blocked ? 'Tutor unblocked.' : 'Tutor blocked.')}>
                  {contact.blocked ? 'Unblock tutor' : 'Block tutor'}
                </Button>
              )}
            </Flex>
          ) : (
            <Stack gap="2">
              <Textarea aria-label="Reason for the report" placeholder="What happened?" value={reason} onChange={(event) => setReason(event.target.value)} rows={3} />
              <Flex gap="2">
                <Button size="sm" colorPalette="brand" disabled={!reasonOk} loading={busy} onClick={() => void run(() => reportConversation(role, contact._id, reason.trim()), 'Thank you. Our team will review this conversation.')}>
                  Send report
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setReporting(false)}>
                  Cancel
                </Button>
              </Flex>
            </Stack>
          )}
        </Stack>
      )}
      {status && (
        <Text px="3" pb="2" fontSize="sm" role="status">
          {status}
        </Text>
      )}
    </Box>
  );
}
