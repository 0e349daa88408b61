import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMemo, useState } from 'react';
import { FiRefreshCw } from 'react-icons/fi';
import { QueryState, type QueryLike } from '../../../components/ui/QueryState';
import type { ChatContact } from '../queries';

interface ContactListProps {
  /** The contacts' query: its loading, failure (Try Again refetches) and empty states are shown in the list. */
  contacts: QueryLike<ChatContact[]> & { isFetching: boolean };
  selectedId: string | null;
  onSelect: (contactId: string) => void;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** Left pane: Messages header, refresh, search, and the contacts with unread counts and presence. */
export function ContactList({ contacts, selectedId, onSelect }: ContactListProps) {
  const [search, setSearch] = useState('');
  const list = contacts.data;
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? (list ?? []).filter((c) => c.name.toLowerCase().includes(needle)) : (list ?? []);
  }, [list, search]);

  return (
    <Stack gap="0" h="full" minH="0">
      <Flex align="center" justify="space-between" p="3" borderBottomWidth="1px">
        <Heading as="h2" size="md">
          Messages
        </Heading>
        <IconButton aria-label="Refresh contacts" variant="ghost" size="sm" onClick={() => void contacts.refetch()} loading={contacts.isFetching}>
          <FiRefreshCw />
        </IconButton>
      </Flex>
      <Box p="3">
        <Input aria-label="Search contacts" placeholder="Search" value={search} onChange={(event) => setSearch(event.target.value)} size="sm" />
      </Box>
      <Box flex="1" overflowY="auto" minH="0">
        <QueryState
          query={contacts}
          skeleton={
            <Text p="4" color="fg.muted">
              Loading contacts...
            </Text>
          }
          errorHeadline="Failed to load contacts"
          errorInline
          empty={
            <Text p="4" color="fg.muted">
              No conversations yet
            </Text>
          }
        >
          {() =>
            !shown.length ? (
              <Text p="4" color="fg.muted" role="status">
                No conversations match
              </Text>
            ) : (
              <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" aria-label="Contacts">
                {shown.map((contact) => (
                  <li key={contact._id}>
                    <Flex
                      as="button"
                      w="full"
                      textAlign="left"
                      gap="3"
                      px="3"
                      py="2.5"
                      align="center"
                      bg={contact._id === selectedId ? 'brand.50' : undefined}
                      _hover={{ bg: 'gray.100' }}
                      aria-current={contact._id === selectedId ? 'true' : undefined}
                      data-unread={contact.unreadCount > 0 ? 'true' : undefined}
                      onClick={() => onSelect(contact._id)}
                    >
                      <Box position="relative" flexShrink={0}>
                        <Flex boxSize="9" rounded="full" bg="accent.muted" align="center" justify="center" fontWeight="semibold" fontSize="sm" overflow="hidden" aria-hidden="true">
                          {contact.profilePicture ? <Image src={contact.profilePicture} alt="" boxSize="full" objectFit="cover" /> : initials(contact.name)}
                        </Flex>
                        <Box
                          position="absolute"
                          bottom="0"
                          right="0"
                          boxSize="2.5"
                          rounded="full"
                          borderWidth="2px"
                          borderColor="white"
                          bg={contact.online ? 'green.500' : 'gray.400'}
                          aria-hidden="true"
                        />
                      </Box>
                      <Box flex="1" minW="0">
                        {/* Unread conversations stand out: the name and the last message in bold. */}
                        <Text fontWeight={contact.unreadCount > 0 ? 'bold' : 'medium'} truncate>
                          {contact.name}
                          <Box as="span" srOnly>
                            {contact.online ? ', online' : ', offline'}
                          </Box>
                        </Text>
                        {contact.lastMessage && (
                          <Text fontSize="sm" color={contact.unreadCount > 0 ? 'fg' : 'fg.muted'} fontWeight={contact.unreadCount > 0 ? 'semibold' : 'normal'} truncate>
                            {contact.lastMessage.content}
                          </Text>
                        )}
                      </Box>
                      {contact.unreadCount > 0 && (
                        <Box as="span" minW="5" px="1.5" rounded="full" bg="brand.solid" color="white" fontSize="xs" textAlign="center" aria-label={`${contact.unreadCount} unread`}>
                          {contact.unreadCount}
                        </Box>
                      )}
                    </Flex>
                  </li>
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Box>
    </Stack>
  );
}
