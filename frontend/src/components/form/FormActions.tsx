import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { SubmitButton } from './SubmitButton';

/** An edit form's Cancel and Save, right-aligned; both wait while the save runs. */
export function FormActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <HStack justify="flex-end" gap="3">
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <SubmitButton loading={saving} loadingText="Saving...">
        Save
      </SubmitButton>
    </HStack>
  );
}
