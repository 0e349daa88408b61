import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

export interface EssayDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'cover';
  /** A question the user must answer (confirm dialogs): announced as an alert dialog. */
  alert?: boolean;
  /** Not closable by Escape or the backdrop while a request runs. */
  busy?: boolean;
}

/** The essay screens' modal frame (Chakra Dialog: focus moves in, is trapped, and returns to the trigger). */
export function EssayDialog({ open, onClose, title, children, footer, size = 'md', alert = false, busy = false }: EssayDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      role={alert ? 'alertdialog' : 'dialog'}
      size={size}
      placement="center"
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
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {!busy && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The spec's confirm dialog (Confirm/Cancel). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  dismissLabel = 'Cancel',
  pending = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  dismissLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <EssayDialog
      open={open}
      onClose={onClose}
      title={title}
      alert
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {dismissLabel}
          </Button>
          <Button colorPalette="brand" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof message === 'string' ? <Text>{message}</Text> : message}
    </EssayDialog>
  );
}

/** The spec's Success modal ("Success!" with Continue). */
export function SuccessDialog({ open, message, onClose }: { open: boolean; message: string; onClose: () => void }) {
  return (
    <EssayDialog
      open={open}
      onClose={onClose}
      title="Success!"
      size="sm"
      footer={
        <Button colorPalette="brand" onClick={onClose}>
          Continue
        </Button>
      }
    >
      <Text>{message}</Text>
    </EssayDialog>
  );
}
