import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

export interface AppDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The buttons: a Close button when absent, none when null. */
  footer?: ReactNode | null;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'cover';
  /** A question the user must answer (confirm dialogs): announced as an alert dialog. */
  alert?: boolean;
  /** Not closable (Escape, backdrop, close button) while a request runs. */
  busy?: boolean;
}

/**
 * The app's modal frame (Chakra Dialog: focus moves in, is trapped, and returns to the trigger; Escape and the
 * backdrop close it unless a request is running).
 */
export function AppDialog({ open, onClose, title, children, footer, size = 'md', alert = false, busy = false }: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      role={alert ? 'alertdialog' : 'dialog'}
      size={size}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={!busy}
      closeOnEscape={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer !== null && (
              <Dialog.Footer>
                {footer ?? (
                  <Button variant="outline" onClick={onClose}>
                    Close
                  </Button>
                )}
              </Dialog.Footer>
            )}
            {!busy && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close dialog" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  /** The question; plain text is set as a paragraph. */
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  danger?: boolean;
}

/** The spec's confirm dialog (Confirm/Cancel): Cancel keeps things as they are; Confirm shows progress while it runs. */
export function ConfirmDialog({ open, onClose, onConfirm, title, children, confirmLabel = 'Confirm', cancelLabel = 'Cancel', pending = false, danger = false }: ConfirmDialogProps) {
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      alert
      busy={pending}
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
      {typeof children === 'string' ? <Text>{children}</Text> : children}
    </AppDialog>
  );
}
