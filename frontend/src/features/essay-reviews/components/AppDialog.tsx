import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import type { ReactNode } from 'react';

interface AppDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The buttons; a Close button when absent. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** A question that needs an answer (screen readers announce it as an alert dialog). */
  alert?: boolean;
}

/** A Chakra dialog (focus trapped inside, returned on close; Escape closes) with the page's usual frame. */
export function AppDialog({ open, onClose, title, children, footer, size = 'md', alert = false }: AppDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size={size} role={alert ? 'alertdialog' : 'dialog'} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              {footer ?? (
                <Button variant="outline" onClick={onClose}>
                  Close
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  danger?: boolean;
}

/** A yes/no question: Cancel keeps things as they are; the confirm button shows progress while it runs. */
export function ConfirmDialog({ open, onClose, onConfirm, title, children, confirmLabel, cancelLabel = 'Cancel', pending = false, danger = false }: ConfirmDialogProps) {
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      alert
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button colorPalette={danger ? 'red' : 'brand'} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </AppDialog>
  );
}
