/**
 * One Chakra toaster for result messages: the store that every page's toasts go to. What shows them (./AppToaster)
 * is mounted by the layouts whose pages toast (auth, dashboard, onboarding), once the first toast is created
 * (components/layouts/DeferredToaster), not at the root: the public site never toasts and saves ~22 KB gzip.
 */
import { createToaster } from '@chakra-ui/react/toast';

export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

export function toastSuccess(title: string, description?: string) {
  toaster.create({ type: 'success', title, description, closable: true });
}

export function toastError(title: string, description?: string) {
  toaster.create({ type: 'error', title, description, closable: true });
}
