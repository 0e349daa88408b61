import { Checkbox } from '@chakra-ui/react/checkbox';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { toastError } from '../../../components/ui/toaster';
import {
  notificationPreferencesQuery,
  notificationsKeys,
  saveNotificationPreferences,
  type NotificationPreferences,
} from '../../../components/notifications/queries';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, isSwitchable, type NotificationKind } from '@redpen/shared/notifications';

/**
 * The per-kind switches of the notices: each kind this side receives, on or off (email and list alike).
 * Those about money or deadlines are always on, shown so and not switchable (the API refuses them too).
 */
export function NotificationSettings({ side }: { side: 'student' | 'tutor' }) {
  const queryClient = useQueryClient();
  const prefs = useQuery(notificationPreferencesQuery());
  const save = useMutation({
    mutationFn: (muted: NotificationKind[]) => saveNotificationPreferences(muted),
    onMutate: (muted) => queryClient.setQueryData<NotificationPreferences>(notificationsKeys.preferences(), (old) => (old ? { ...old, muted } : old)),
    onError: (error) => {
      toastError('Your notification settings were not saved', errorMessage(error, 'Please try again.'));
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.preferences() });
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationsKeys.preferences(), saved),
  });
  const kinds = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_KIND_LABELS[kind].side === side || NOTIFICATION_KIND_LABELS[kind].side === 'both');
  const muted = prefs.data?.muted ?? [];

  const toggle = (kind: NotificationKind, on: boolean) => save.mutate(on ? muted.filter((k) => k !== kind) : [...muted, kind]);

  // While the settings load, the switches show each kind on and cannot be changed yet.
  const switches = (loading: boolean) =>
    kinds.map((kind) => {
      const fixed = !isSwitchable(kind);
      return (
        <Checkbox.Root
          key={kind}
          checked={fixed || !muted.includes(kind)}
          disabled={fixed || loading}
          onCheckedChange={(details) => toggle(kind, details.checked === true)}
          colorPalette="brand"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {NOTIFICATION_KIND_LABELS[kind].label}
            {fixed && ' (always sent: it is about money or a deadline)'}
          </Checkbox.Label>
        </Checkbox.Root>
      );
    });

  return (
    <Card>
      <Stack gap="3" role="group" aria-labelledby="notification-settings-heading">
        <Heading as="h2" size="lg" id="notification-settings-heading">
          Notifications
        </Heading>
        <Text color="fg.muted">We tell you by email and in the bell at the top of the page when it is your turn. Choose what you hear about.</Text>
        <QueryState
          query={prefs}
          skeleton={switches(true)}
          errorContent={<Text color="fg.error">Your notification settings could not be loaded.</Text>}
        >
          {() => switches(false)}
        </QueryState>
      </Stack>
    </Card>
  );
}
