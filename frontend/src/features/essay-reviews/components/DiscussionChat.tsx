import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { Composer } from '../../../components/chat/Composer';
import { MessageList } from '../../../components/chat/MessageList';
import { useSession } from '../../../lib/session';
import { useDiscussionThread } from '../hooks/useDiscussionThread';
import type { TutorEssay } from '../rules';

/** The conversation with the student beside the discussion (the same thread as in Chats, live on the chat socket). */
export function DiscussionChat({ essay }: { essay: Pick<TutorEssay, '_id' | 'studentId' | 'studentName'> }) {
  const { user } = useSession();
  const myId = user?._id ?? '';
  const { messages, loading, send } = useDiscussionThread(essay, myId);

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
      <MessageList messages={messages} myId={myId} loading={loading} empty="No messages yet. Say hello and agree the word count with the student." />
      <Composer sending={send.isPending} onSend={(content) => send.mutateAsync(content)} />
    </Flex>
  );
}
