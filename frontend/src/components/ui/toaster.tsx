/**
 * One Chakra toaster for result messages. <AppToaster /> is mounted by the layouts whose pages toast
 * (auth, dashboard, onboarding), not at the root: the public site never toasts and saves ~22 KB gzip.
 */
import { Portal } from '@chakra-ui/react/portal';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Toast, Toaster, createToaster } from '@chakra-ui/react/toast';

export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}

export function toastSuccess(title: string, description?: string) {
  toaster.create({ type: 'success', title, description, closable: true });
}

export function toastError(title: string, description?: string) {
  toaster.create({ type: 'error', title, description, closable: true });
}
