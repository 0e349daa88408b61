import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { AppDialog } from '../../../components/ui/dialogs';

/** The spec's Success modal ("Success!" with Continue). */
export function SuccessDialog({ open, message, onClose }: { open: boolean; message: string; onClose: () => void }) {
  return (
    <AppDialog
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
    </AppDialog>
  );
}
