/**
 * The toasts on screen, for the one toaster of ./toaster. A module of its own: the layouts mount it when the first
 * toast is created (components/layouts/DeferredToaster), so a page that never toasts does not load the toast
 * machines (~8 KB gzip). Toasts created before it mounts are shown when it does (the store keeps them).
 */
import { Portal } from '@chakra-ui/react/portal';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Toast, Toaster } from '@chakra-ui/react/toast';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { registerSlotRecipes } from '../../theme/system';
import { toaster } from './toaster';

registerSlotRecipes({ toast: toastSlotRecipe });

export default function AppToaster() {
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
