import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ThreadMessage } from '../thread-state';

interface MessageListProps {
  messages: ThreadMessage[];
  myId: string;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  /** When the other side last read the thread (read receipt). */
  readAt?: string;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The thread: own messages on the right; scrolls to the newest; loads older ones when scrolled to the top. */
export function MessageList({ messages, myId, hasMore, loadingOlder, onLoadOlder, onRetry, readAt }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const firstId = messages[0]?._id;
  const lastId = messages[messages.length - 1]?._id;
  const previousHeight = useRef(0);
  const previousFirst = useRef(firstId);

  // New message at the bottom: scroll to it. Older ones prepended at the top: keep the reader's place.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (previousFirst.current !== firstId && previousHeight.current) {
      element.scrollTop = element.scrollHeight - previousHeight.current;
    } else {
      element.scrollTop = element.scrollHeight;
    }
    previousFirst.current = firstId;
    previousHeight.current = element.scrollHeight;
  }, [firstId, lastId]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      previousHeight.current = element.scrollHeight;
      if (element.scrollTop < 40 && hasMore && !loadingOlder) onLoadOlder();
    };
    element.addEventListener('scroll', onScroll);
    return () => element.removeEventListener('scroll', onScroll);
  }, [hasMore, loadingOlder, onLoadOlder]);

  const lastMineRead = readAt ? [...messages].reverse().find((m) => m.sender === myId && m.status === 'sent' && m.timestamp <= readAt)?._id : undefined;

  return (
    <Box ref={scroller} flex="1" overflowY="auto" minH="0" p="3" role="log" aria-label="Messages" aria-live="polite">
      {hasMore && (
        <Flex justify="center" mb="2">
          <Button size="xs" variant="ghost" onClick={onLoadOlder} loading={loadingOlder}>
            Load older messages
          </Button>
        </Flex>
      )}
      <Stack gap="2">
        {messages.map((message) => {
          const mine = message.sender === myId;
          return (
            <Flex key={message.clientId ?? message._id} direction="column" align={mine ? 'flex-end' : 'flex-start'} data-testid="chat-message">
              <Box
                maxW={{ base: '85%', md: '70%' }}
                px="3"
                py="2"
                rounded="lg"
                bg={mine ? 'brand.500' : 'gray.100'}
                color={mine ? 'white' : 'fg'}
                opacity={message.status === 'sending' ? 0.7 : 1}
                whiteSpace="pre-wrap"
                wordBreak="break-word"
              >
                {message.content}
              </Box>
              {message.masked.length > 0 && (
                <Text fontSize="xs" color="fg.muted" mt="0.5">
                  Contact details were hidden: please keep conversations on Redpen.
                </Text>
              )}
              <Text fontSize="xs" color={message.status === 'failed' ? 'red.600' : 'fg.muted'} mt="0.5">
                {message.status === 'sending' && 'Sending…'}
                {message.status === 'failed' && (
                  <>
                    Not sent{message.error ? `: ${message.error}` : ''}{' '}
                    <Button size="xs" variant="plain" colorPalette="red" p="0" h="auto" onClick={() => onRetry(message.clientId!)}>
                      Retry
                    </Button>
                  </>
                )}
                {message.status === 'sent' && time(message.timestamp)}
                {message._id === lastMineRead && ' · Seen'}
              </Text>
            </Flex>
          );
        })}
      </Stack>
    </Box>
  );
}
