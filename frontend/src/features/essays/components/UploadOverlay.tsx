import { formatDateOnly } from '@redpen/shared/dates';
import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { UploadProgress } from '../../../components/form/UploadProgress';

/** Over the form while the file travels: the percentage and when the essay counts as submitted. */
export function UploadOverlay({ progress }: { progress: number }) {
  return (
    <Box position="absolute" inset="0" bg="whiteAlpha.900" rounded="lg" display="flex" alignItems="center" justifyContent="center" p="6">
      <Stack gap="4" maxW="md" w="full" role="status" aria-live="polite">
        <UploadProgress value={progress} label="Uploading your essay..." />
        <Text fontSize="sm" color="fg.muted">
          Your essay will be recorded as uploaded on {formatDateOnly(new Date())}. Please keep this page open until the
          upload has finished.
        </Text>
      </Stack>
    </Box>
  );
}
