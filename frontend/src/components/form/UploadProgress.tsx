import { Progress } from '@chakra-ui/react/progress';
import { HStack } from '@chakra-ui/react/stack';

/** A file's upload in progress (XMLHttpRequest's progress events): what is being sent, and the percentage. */
export function UploadProgress({ value, label }: { value: number; label: string }) {
  return (
    <Progress.Root value={value} colorPalette="brand" aria-label="Upload progress">
      <HStack justify="space-between">
        <Progress.Label>{label}</Progress.Label>
        <Progress.ValueText>{value}%</Progress.ValueText>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
