import { Box } from '@chakra-ui/react/box';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { passwordStrength } from '../schemas';

const COLOURS = ['gray.300', 'red.500', 'red.500', 'orange.400', 'orange.400', 'green.600'] as const;

/** Five-segment bar and the spec's label: Very Weak (0), Weak (1-2), Medium (3-4), Strong (5). */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <Box id={id} aria-live="polite">
      <HStack gap="1" aria-hidden="true" mb="1">
        {[1, 2, 3, 4, 5].map((segment) => (
          <Box key={segment} h="1.5" flex="1" rounded="full" bg={segment <= score ? COLOURS[score] : 'gray.200'} />
        ))}
      </HStack>
      <Text fontSize="sm" color="fg.muted" data-testid="password-strength">
        Password strength: <strong>{label}</strong>
      </Text>
    </Box>
  );
}
