import { formatDayTime, formatTime } from '@redpen/shared/dates';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { ChatMessage } from './chat-events';
import type { ThreadMessage } from './thread-state';

/** A saved message, or (with `status`) one of the sender's own still on its way. */
export type ListedMessage = ChatMessage & Partial<Pick<ThreadMessage, 'status' | 'clientId' | 'error'>>;

interface MessageListProps {
  messages: readonly ListedMessage[] | undefined;
  myId: string;
  /** The first page is loading: placeholders instead of the empty text. */
  loading?: boolean;
  /** Shown when the thread has no message. */
  empty?: ReactNode;
  /** Older messages exist: "Load older messages", also when scrolled to the top. */
  hasMore?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  /** Sends a failed message again (its `clientId`). */
  onRetry?: (clientId: string) => void;
  /** When the other side last read the thread (read receipt). */
  readAt?: string;
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** Today's messages show the time ("16:18"); older ones the date too ("27 November, 16:18"; a discussion runs over a day). */
function when(iso: string): string {
  const at = new Date(iso);
  return sameDay(at, new Date()) ? formatTime(at) : formatDayTime(at);
}

/**
 * A conversation (the chats and the word-count discussion): own messages on the right; scrolls to the newest;
 * loads older ones when scrolled to the top; a message whose contact details the server masked says so.
 */
export function MessageList({ messages = [], myId, loading = false, empty, hasMore = false, loadingOlder = false, onLoadOlder, onRetry, readAt }: MessageListProps) {
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
    if (!element || !onLoadOlder) return;
    const onScroll = () => {
      previousHeight.current = element.scrollHeight;
      if (element.scrollTop < 40 && hasMore && !loadingOlder) onLoadOlder();
    };
    element.addEventListener('scroll', onScroll);
    return () => element.removeEventListener('scroll', onScroll);
  }, [hasMore, loadingOlder, onLoadOlder]);

  const lastMineRead = readAt ? [...messages].reverse().find((m) => m.sender === myId && (m.status ?? 'sent') === 'sent' && m.timestamp <= readAt)?._id : undefined;

  return (
    <Box ref={scroller} flex="1" overflowY="auto" minH="0" p="3" role="log" aria-label="Messages" aria-live="polite" tabIndex={0} aria-busy={loading || undefined}>
      {hasMore && onLoadOlder && (
        <Flex justify="center" mb="2">
          <Button size="xs" variant="ghost" onClick={onLoadOlder} loading={loadingOlder}>
            Load older messages
          </Button>
        </Flex>
      )}
      {loading ? (
        <Stack gap="2">
          <Box h="10" w="60%" bg="gray.200" rounded="lg" animation="pulse 1.5s ease-in-out infinite" />
          <Box h="10" w="50%" bg="gray.200" rounded="lg" animation="pulse 1.5s ease-in-out infinite" alignSelf="flex-end" />
        </Stack>
      ) : messages.length === 0 ? (
        empty && (
          <Text color="fg.muted" fontSize="sm" textAlign="center" mt="6">
            {empty}
          </Text>
        )
      ) : (
        <Stack gap="2">
          {messages.map((message) => (
            <MessageItem key={message.clientId ?? message._id} message={message} mine={message.sender === myId} seen={message._id === lastMineRead} onRetry={onRetry} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function MessageItem({ message, mine, seen, onRetry }: { message: ListedMessage; mine: boolean; seen: boolean; onRetry?: (clientId: string) => void }) {
  const status = message.status ?? 'sent';
  return (
    <Flex direction="column" align={mine ? 'flex-end' : 'flex-start'} data-testid="chat-message">
      <Box
        maxW={{ base: '85%', md: '70%' }}
        px="3"
        py="2"
        rounded="lg"
        bg={mine ? 'brand.solid' : 'gray.100'}
        color={mine ? 'brand.contrast' : 'fg'}
        // A message on its way keeps its full colours (a faded bubble put white on pink below 4.5:1); "Sending…" says it.
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
      <Text fontSize="xs" color={status === 'failed' ? 'red.600' : 'fg.muted'} mt="0.5">
        {status === 'sending' && 'Sending…'}
        {status === 'failed' && (
          <>
            Not sent{message.error ? `: ${message.error}` : ''}{' '}
            {onRetry && message.clientId && (
              <Button size="xs" variant="plain" colorPalette="red" p="0" h="auto" onClick={() => onRetry(message.clientId!)}>
                Retry
              </Button>
            )}
          </>
        )}
        {status === 'sent' && when(message.timestamp)}
        {seen && ' · Seen'}
      </Text>
    </Flex>
  );
}
