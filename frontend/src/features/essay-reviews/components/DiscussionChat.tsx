import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useRef } from 'react';
import { useChatSocket } from '../../../components/chat/ChatSocketProvider';
import { Composer } from '../../../components/chat/Composer';
import { ConnectionBar } from '../../../components/chat/ConnectionBar';
import { MessageList } from '../../../components/chat/MessageList';
import type { ThreadMessage } from '../../../components/chat/thread-state';
import { useConversation } from '../../../components/chat/useConversation';
import { useSession } from '../../../lib/session';
import type { TutorEssay } from '../rules';

/**
 * Reading the student's messages here reads them everywhere: the chats' unread count clears. Once per newest message
 * from the student, while the socket is up and the tab is visible.
 */
function useMarkReadWhenSeen(studentId: string, messages: ThreadMessage[]) {
  const { connected, send } = useChatSocket();
  const lastRead = useRef<string | null>(null);
  const newestFromStudent = [...messages].reverse().find((m) => m.sender === studentId)?._id ?? null;
  useEffect(() => {
    if (!connected || !studentId || !newestFromStudent || lastRead.current === newestFromStudent) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    lastRead.current = newestFromStudent;
    send('markRead', { contactId: studentId });
  }, [connected, studentId, newestFromStudent, send]);
}

/**
 * The conversation with the student beside the discussion: the same thread, and the same cache, as in Chats
 * (useConversation), live on the chat socket; what the tutor sends here carries the essay's id.
 */
export function DiscussionChat({ essay }: { essay: Pick<TutorEssay, '_id' | 'studentId' | 'studentName'> }) {
  const { user } = useSession();
  const myId = user?._id ?? '';
  const studentId = essay.studentId ?? '';
  const { connected } = useChatSocket();
  const thread = useConversation({ role: 'tutor', contactId: studentId || null, myId, essayId: essay._id });
  useMarkReadWhenSeen(studentId, thread.messages);

  return (
    <Flex direction="column" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" h={{ base: '28rem', lg: '36rem' }} overflow="hidden">
      <Box px="4" py="3" borderBottomWidth="1px">
        <Heading as="h2" size="md">
          Chat with {essay.studentName}
        </Heading>
        <Text fontSize="xs" color="fg.muted">
          Agree the word count here. Contact details are hidden from messages.
        </Text>
      </Box>
      <ConnectionBar />
      <MessageList
        messages={thread.messages}
        myId={myId}
        loading={thread.loading}
        hasMore={thread.hasMore}
        loadingOlder={thread.loadingOlder}
        onLoadOlder={() => void thread.loadOlder()}
        onRetry={thread.retry}
        empty="No messages yet. Say hello and agree the word count with the student."
      />
      <Composer disabled={!connected || !myId || !studentId} onSend={thread.send} />
    </Flex>
  );
}
