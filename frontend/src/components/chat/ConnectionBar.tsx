import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { useChatSocket } from './ChatSocketProvider';

/** The chat socket's state above a thread, with Reconnect once socket.io has given up. */
export function ConnectionBar() {
  const { status, connected, reconnect } = useChatSocket();
  return (
    <Flex align="center" justify="flex-end" gap="2" px="3" py="1" fontSize="xs" color="fg.muted" borderBottomWidth="1px">
      <Box boxSize="2" rounded="full" bg={connected ? 'green.500' : 'gray.400'} aria-hidden="true" />
      <Text role="status">{connected ? 'Connected' : status === 'offline' ? 'Offline' : 'Connecting…'}</Text>
      {status === 'offline' && (
        <Button size="xs" variant="outline" onClick={reconnect}>
          Reconnect
        </Button>
      )}
    </Flex>
  );
}
