import { Box } from '@chakra-ui/react/box';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FiCheck, FiCircle } from 'react-icons/fi';
import { PASSWORD_CHECKS, passwordStrength } from '../schemas';

const COLOURS = ['gray.300', 'red.500', 'red.500', 'orange.400', 'orange.400', 'green.600'] as const;

/**
 * Five-segment bar and the spec's label: Very Weak (0), Weak (1-2), Medium (3-4), Strong (5); and the rules
 * themselves, shown before the first key and ticked as each is met (issue 30: rules up front, checked as you type).
 */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <Box id={id}>
      <HStack gap="1" aria-hidden="true" mb="1">
        {[1, 2, 3, 4, 5].map((segment) => (
          <Box key={segment} h="1.5" flex="1" rounded="full" bg={segment <= score ? COLOURS[score] : 'gray.200'} />
        ))}
      </HStack>
      <Text fontSize="sm" color="fg.muted" data-testid="password-strength" aria-live="polite">
        Password strength: <strong>{label}</strong>
      </Text>
      <Box as="ul" aria-label="Rules for the password" listStyleType="none" mt="1" fontSize="sm">
        {PASSWORD_CHECKS.map((check) => {
          const met = password !== '' && check.test(password);
          return (
            <HStack as="li" key={check.id} gap="1.5" color={met ? 'green.700' : 'fg.muted'} data-met={met}>
              {met ? <FiCheck aria-hidden /> : <FiCircle aria-hidden size="0.6em" />}
              <span>{check.label}</span>
              <Box as="span" srOnly>
                {met ? '(met)' : '(not yet)'}
              </Box>
            </HStack>
          );
        })}
      </Box>
    </Box>
  );
}
