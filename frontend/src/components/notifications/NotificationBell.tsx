import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FiBell } from 'react-icons/fi';
import { useChatReconnected, useChatSocketEvent } from '../chat/ChatSocketProvider';
import { lazyOnIntent } from '../ui/lazyOnIntent';
import { toaster } from '../ui/toaster';
import { notificationsKeys, notificationsQuery, unreadOf, withNotice, type NotificationPages } from './queries';

/** Shown at most this many in the badge; more reads "99+". */
const BADGE_MAX = 99;

/** The popover's module: fetched on the bell's first hover, focus or press (intent), not with the page. */
const { Component: NotificationPanel, intent: panelIntent } = lazyOnIntent(() => import('./NotificationPanel'));

/**
 * The header's bell: the unread count, and on a press the list of notices (./NotificationPanel). New notices arrive
 * live over the app's one socket (which its subscription opens on any signed-in page: that is what "online" means),
 * with a toast; a read in another tab is heard too. The button is the popover's trigger: it carries the trigger's
 * id and ARIA state itself, so it is in place (and the same element) before the popover's code has loaded.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // The popover mounts from the first press on (it then keeps its state and animates closed).
  const [used, setUsed] = useState(false);
  const id = useId();
  const triggerId = `notification-bell-${id}`;
  const contentId = `notification-panel-${id}`;
  const { data } = useInfiniteQuery(notificationsQuery());
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

  const unread = unreadOf(data);
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

  return (
    <>
      {/* The count sits beside the button, not inside it: the button clips what overflows it. */}
      <Box position="relative" display="inline-flex">
        <IconButton
          id={triggerId}
          variant="ghost"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={contentId}
          data-state={open ? 'open' : 'closed'}
          data-testid="notification-bell"
          {...panelIntent}
          onClick={() => {
            setUsed(true);
            setOpen((value) => !value);
          }}
        >
          <FiBell aria-hidden />
        </IconButton>
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
      {used && <NotificationPanel open={open} onOpenChange={setOpen} triggerId={triggerId} contentId={contentId} />}
    </>
  );
}
