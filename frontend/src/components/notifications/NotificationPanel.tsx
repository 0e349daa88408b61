import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Popover } from '@chakra-ui/react/popover';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { popoverSlotRecipe } from '@chakra-ui/react/theme';
import { formatDateTime } from '../../lib/format';
import { registerSlotRecipes } from '../../theme/system';
import { markAllNotificationsRead, markNotificationRead, notificationsKeys, notificationsQuery, unreadOf, withRead, type Notification, type NotificationPages } from './queries';

registerSlotRecipes({ popover: popoverSlotRecipe });

export interface NotificationPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell's element ids: its button is the popover's trigger (positioning, focus return, outside clicks). */
  triggerId: string;
  contentId: string;
}

/**
 * The bell's popover: the list of notices (newest first, a page at a time: Show older notifications), each leading
 * to its page and read on the way there, and Mark all as read. A module of its own, loaded when the bell is first
 * pointed at, focused or pressed: the popover's positioning (~10 KB gzip) is not needed to show the count.
 */
export default function NotificationPanel({ open, onOpenChange, triggerId, contentId }: NotificationPanelProps) {
  const queryClient = useQueryClient();
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery(notificationsQuery());
  const key = notificationsKeys.list();
  const setList = (update: (pages: NotificationPages | undefined) => NotificationPages | undefined) => queryClient.setQueryData<NotificationPages>(key, update);

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

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      ids={{ trigger: triggerId, content: contentId }}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
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
                    <NoticeItem key={notice._id} notice={notice} onRead={() => readOne.mutate(notice._id)} onOpen={() => onOpenChange(false)} />
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
