import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { CHAT_MASK, CHAT_MESSAGE_MAX_LENGTH, normaliseChatText } from '@redpen/shared/chat-rules';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DiscussionMessage } from '../queries';
import { Bone } from './Skeletons';

interface DiscussionChatProps {
  studentName: string;
  myId: string;
  messages: DiscussionMessage[] | undefined;
  loading: boolean;
  sending: boolean;
  /** Resolves once the message is stored; the box keeps the text when it fails. */
  onSend: (content: string) => Promise<unknown>;
}

const time = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The conversation with the student beside the discussion (the same thread as in Chats). */
export function DiscussionChat({ studentName, myId, messages, loading, sending, onSend }: DiscussionChatProps) {
  const [text, setText] = useState('');
  const content = normaliseChatText(text);
  const end = useRef<HTMLDivElement>(null);

  // The thread scrolls to the newest message.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length]);

  const send = async () => {
    if (!content || sending) return;
    try {
      await onSend(content);
      setText('');
    } catch {
      /* the page reports it; the text stays for another try */
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Flex direction="column" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" h={{ base: '28rem', lg: '36rem' }} overflow="hidden">
      <Box px="4" py="3" borderBottomWidth="1px">
        <Heading as="h2" size="md">
          Chat with {studentName}
        </Heading>
        <Text fontSize="xs" color="fg.muted">
          Agree the word count here. Contact details are hidden from messages.
        </Text>
      </Box>
      <Stack role="log" aria-label="Messages" aria-live="polite" flex="1" overflowY="auto" px="4" py="3" gap="2">
        {loading ? (
          <>
            <Bone h="10" w="60%" />
            <Bone h="10" w="50%" alignSelf="flex-end" />
          </>
        ) : !messages?.length ? (
          <Text color="fg.muted" fontSize="sm" m="auto" textAlign="center">
            No messages yet. Say hello and agree the word count with the student.
          </Text>
        ) : (
          messages.map((message) => {
            const mine = message.sender === myId;
            return (
              <Box key={message._id} alignSelf={mine ? 'flex-end' : 'flex-start'} maxW="80%" bg={mine ? 'brand.600' : 'gray.100'} color={mine ? 'white' : 'fg'} px="3" py="2" rounded="lg">
                <Text whiteSpace="pre-wrap" fontSize="sm">
                  {message.content}
                </Text>
                <Text fontSize="2xs" opacity={0.8} textAlign="right">
                  {mine ? 'You' : studentName} · {time(message.timestamp)}
                  {message.content.includes(CHAT_MASK) ? ' · contact details hidden' : ''}
                </Text>
              </Box>
            );
          })
        )}
        <div ref={end} />
      </Stack>
      <Flex
        as="form"
        gap="2"
        p="3"
        borderTopWidth="1px"
        align="flex-end"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Textarea
          aria-label="Message"
          placeholder="Type your message..."
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          rows={1}
          autoresize
          maxH="40"
          resize="none"
        />
        <Button type="submit" colorPalette="brand" disabled={!content} loading={sending}>
          Send
        </Button>
      </Flex>
    </Flex>
  );
}
