import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Popover } from '@chakra-ui/react/popover';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { FiBell } from 'react-icons/fi';
import { formatDateTime } from '../../lib/format';
import { useChatReconnected, useChatSocketEvent } from '../chat/ChatSocketProvider';
import { toaster } from '../ui/toaster';
import { markAllNotificationsRead, markNotificationRead, notificationsKeys, notificationsQuery, unreadOf, withNotice, withRead, type Notification, type NotificationPages } from './queries';

/** Shown at most this many in the badge; more reads "99+". */
const BADGE_MAX = 99;

/**
 * The header's bell: the unread count, the list of notices (newest first, a page at a time: Show older
 * notifications), each leading to its page and read on the way there, and Mark all as read. New notices arrive live over the app's one socket (which its
 * subscription opens on any signed-in page: that is what "online" means), with a toast; a read in another tab is
 * heard too.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery(notificationsQuery());
  const key = notificationsKeys.list();
  const setList = (update: (pages: NotificationPages | undefined) => NotificationPages | undefined) => queryClient.setQueryData<NotificationPages>(key, update);

  useChatSocketEvent('notification', (notice) => {
    const before = queryClient.getQueryData<NotificationPages>(key);
    if (before?.pages.some((page) => page.notifications.some((n) => n._id === notice._id))) return;
    setList((list) => withNotice(list, notice));
    if (!before) void queryClient.invalidateQueries({ queryKey: key });
    toaster.create({ id: `notice-${notice._id}`, type: 'info', title: notice.title, description: notice.body, closable: true });
  });
  useChatSocketEvent('notificationsRead', () => void queryClient.invalidateQueries({ queryKey: key }));
  useChatReconnected(() => void queryClient.invalidateQueries({ queryKey: key }));

  const readOne = useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: (id) => setList((list) => withRead(list, id, new Date().toISOString())),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const readAll = useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onMutate: () => setList((list) => withRead(list, null, new Date().toISOString())),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const unread = unreadOf(data);
  const notices = data?.pages.flatMap((page) => page.notifications) ?? [];
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      {/* The count sits beside the button, not inside it: the button clips what overflows it. */}
      <Box position="relative" display="inline-flex">
        <Popover.Trigger asChild>
          <IconButton variant="ghost" aria-label={label} data-testid="notification-bell">
            <FiBell aria-hidden />
          </IconButton>
        </Popover.Trigger>
        {unread > 0 && (
          <Box
            as="span"
            aria-hidden="true"
            data-testid="notification-count"
            // A small badge on the button's top corner, clear of the 16 px icon in the middle of the 40 px button
            // (up and out by 6 px): it never covers the bell, whatever the count's width.
            position="absolute"
            top="-1.5"
            insetEnd="-1.5"
            minW="18px"
            h="18px"
            px="1"
            rounded="full"
            bg="brand.solid"
            color="brand.contrast"
            fontSize="11px"
            fontWeight="bold"
            lineHeight="18px"
            textAlign="center"
            boxShadow="0 0 0 2px var(--chakra-colors-white)"
            pointerEvents="none"
          >
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </Box>
        )}
      </Box>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: 'calc(100vw - 2rem)', sm: '24rem' }} maxH="70vh" overflowY="auto">
            <Popover.Header>
              <Flex align="center" justify="space-between" gap="2">
                <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
                <Button size="xs" variant="outline" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
                  Mark all as read
                </Button>
              </Flex>
            </Popover.Header>
            <Popover.Body p="0">
              {notices.length === 0 ? (
                <Text px="4" py="6" color="fg.muted">
                  No notifications yet.
                </Text>
              ) : (
                <Box as="ul" listStyleType="none" m="0" p="0" aria-label="Notifications list">
                  {notices.map((notice) => (
                    <NoticeItem key={notice._id} notice={notice} onRead={() => readOne.mutate(notice._id)} onOpen={() => setOpen(false)} />
                  ))}
                </Box>
              )}
              {hasNextPage && (
                <Flex justify="center" borderTopWidth="1px" borderColor="gray.200" px="4" py="3">
                  <Button size="sm" variant="outline" loading={isFetchingNextPage} loadingText="Loading..." onClick={() => void fetchNextPage()}>
                    Show older notifications
                  </Button>
                </Flex>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function NoticeItem({ notice, onRead, onOpen }: { notice: Notification; onRead: () => void; onOpen: () => void }) {
  const unread = !notice.readAt;
  const text = (
    <>
      <Text fontWeight={unread ? 'bold' : 'normal'}>
        {unread && <Box as="span" srOnly>Unread: </Box>}
        {notice.title}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {notice.body}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {formatDateTime(notice.createdAt)}
      </Text>
    </>
  );
  return (
    <Box as="li" borderTopWidth="1px" borderColor="gray.200" bg={unread ? 'brand.50' : undefined} data-unread={unread ? 'true' : 'false'}>
      <Flex align="flex-start" gap="2" px="4" py="3">
        {notice.path ? (
          <Box asChild flex="1" minW="0" color="fg" textDecoration="none" _hover={{ textDecoration: 'underline' }}>
            <RouterLink
              to={notice.path}
              onClick={() => {
                if (unread) onRead();
                onOpen();
              }}
            >
              {text}
            </RouterLink>
          </Box>
        ) : (
          <Box flex="1" minW="0">
            {text}
          </Box>
        )}
        {unread && (
          <Button size="xs" variant="ghost" onClick={onRead} aria-label={`Mark "${notice.title}" as read`}>
            Mark read
          </Button>
        )}
      </Flex>
    </Box>
  );
}
