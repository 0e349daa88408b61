import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FormAlert } from '../../../components/form/FormAlert';
import { formatDateTime } from '../../../lib/format';
import { DISCUSSION_WARNING_MS, formatCountdown } from '../rules';

/** The time left to agree (until the server's discussionEndsAt), red with a warning under the last hour. */
export function DiscussionCountdown({ remaining, deadline }: { remaining: number | null; deadline: number | null }) {
  if (remaining === null) return null;
  const urgent = remaining < DISCUSSION_WARNING_MS;
  return (
    <Stack gap="3">
      <Box bg={urgent ? 'red.50' : 'white'} borderWidth="1px" borderColor={urgent ? 'red.300' : 'gray.200'} rounded="xl" p="4">
        <Text fontSize="sm" color="fg.muted">
          Time left to agree the word count
        </Text>
        <Text role="timer" aria-label="Time left" fontSize="3xl" fontWeight="bold" fontVariantNumeric="tabular-nums" color={urgent ? 'red.700' : 'fg'}>
          {formatCountdown(remaining)}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Until {formatDateTime(deadline)}
        </Text>
      </Box>
      {urgent && (
        <FormAlert title="Less than 1 hour left">Confirm the word count now: when the timer reaches zero the essay goes back to the pool.</FormAlert>
      )}
    </Stack>
  );
}

