import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Composer } from '../../../components/chat/Composer';
import { ConnectionBar } from '../../../components/chat/ConnectionBar';
import { MessageList } from '../../../components/chat/MessageList';
import { ContactList } from '../components/ContactList';
import { ThreadHeader } from '../components/ThreadHeader';
import { useChatPage } from '../hooks/useChatPage';
import type { ChatRole } from '../queries';

export interface ChatPageProps {
  role: ChatRole;
  /** `?contact=<userId>`: open this contact's thread (accepting an essay lands here with its student). */
  contactId?: string;
}

/**
 * /student/chats and /tutor/chats: contacts on the left, the conversation on the right; on a
 * narrow screen they are two screens. Data and socket events: `useChatPage`; the socket: the layout's provider.
 */
export function ChatPage({ role, contactId }: ChatPageProps) {
  const page = useChatPage(role, contactId);
  const { contacts, selected, thread } = page;

  return (
    <Flex h={{ base: 'calc(100dvh - 10rem)', md: 'calc(100dvh - 12rem)' }} minH="420px" borderWidth="1px" rounded="lg" bg="white" overflow="hidden">
      <Box w={{ base: 'full', md: '80' }} borderRightWidth={{ md: '1px' }} display={{ base: page.showThread ? 'none' : 'block', md: 'block' }} flexShrink={0}>
        <ContactList contacts={contacts} selectedId={page.selectedId} onSelect={page.select} />
      </Box>
      <Flex direction="column" flex="1" minW="0" display={{ base: page.showThread ? 'flex' : 'none', md: 'flex' }}>
        <ConnectionBar />
        {selected ? (
          <>
            <ThreadHeader role={role} contact={selected} onBack={page.backToContacts} onBlockChange={page.changeBlock} />
            {page.notice && (
              <Text role="alert" px="3" py="1.5" fontSize="sm" bg="red.50" color="red.700">
                {page.notice}
              </Text>
            )}
            <MessageList
              messages={thread.messages}
              myId={page.myId}
              loading={thread.loading}
              hasMore={thread.hasMore}
              loadingOlder={thread.loadingOlder}
              onLoadOlder={() => void thread.loadOlder()}
              onRetry={thread.retry}
              readAt={page.readAt}
            />
            {selected.blocked ? (
              <Text p="3" borderTopWidth="1px" color="fg.muted" fontSize="sm">
                This conversation is blocked.
              </Text>
            ) : (
              <Composer disabled={!page.connected || !page.myId} onSend={thread.send} />
            )}
          </>
        ) : (
          <Stack flex="1" align="center" justify="center" gap="1" p="6" textAlign="center">
            <Heading as="h2" size="md">
              Start a conversation
            </Heading>
            <Text color="fg.muted">Select a {role === 'student' ? 'tutor' : 'student'} to begin messaging</Text>
          </Stack>
        )}
      </Flex>
    </Flex>
  );
}
