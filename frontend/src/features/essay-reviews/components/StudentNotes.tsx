import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';

/** The student's notes on an essay (the discussion and the marking page), nothing when there are none. */
export function StudentNotes({ notes }: { notes: string | null }) {
  if (!notes) return null;
  return (
    <Stack gap="1">
      <Heading as="h3" size="sm">
        Notes from the student
      </Heading>
      <Text whiteSpace="pre-wrap" fontSize="sm">
        {notes}
      </Text>
    </Stack>
  );
}
