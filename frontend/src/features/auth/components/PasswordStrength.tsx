import { Box } from '@chakra-ui/react/box';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useRef } from 'react';
import { FiCheck, FiCircle } from 'react-icons/fi';
import { showPasswordStrength } from '../islands/password-strength';
import { PASSWORD_CHECKS } from '../schemas';

/** The bar's colour for each score (0–5 rules met), chosen by the `data-score` the island sets. */
const COLOURS = ['gray.300', 'red.500', 'red.500', 'orange.400', 'orange.400', 'green.600'] as const;
const scoreColours = Object.fromEntries(COLOURS.map((colour, score) => [`&[data-score="${score}"] [data-filled]`, { bg: colour }]));

/**
 * Five-segment bar and the spec's label: Very Weak (0), Weak (1-2), Medium (3-4), Strong (5); and the rules
 * themselves, shown before the first key and ticked as each is met. The markup is drawn for an empty password and
 * islands/password-strength.ts shows the typed one: called by the registration island on the prerendered page,
 * and here (for `password`) inside the app.
 */
export function PasswordStrength({ password, id }: { password?: string; id?: string }) {
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (rootRef.current && password !== undefined) showPasswordStrength(rootRef.current, password);
  }, [password]);
  return (
    <Box ref={rootRef} id={id} w="full" data-password-strength data-score="0" css={scoreColours}>
      <HStack gap="1" aria-hidden="true" mb="1">
        {[1, 2, 3, 4, 5].map((segment) => (
          <Box key={segment} data-segment={segment} h="1.5" flex="1" rounded="full" bg="gray.200" />
        ))}
      </HStack>
      <Text fontSize="sm" color="fg.muted" data-testid="password-strength" aria-live="polite">
        Password strength: <strong data-strength-label>Very Weak</strong>
      </Text>
      <Box as="ul" aria-label="Rules for the password" listStyleType="none" mt="1" fontSize="sm">
        {PASSWORD_CHECKS.map((check) => (
          <HStack
            as="li"
            key={check.id}
            gap="1.5"
            data-rule={check.id}
            data-met="false"
            color="fg.muted"
            css={{
              '&[data-met="true"]': { color: 'green.700' },
              '&[data-met="true"] [data-icon="unmet"], &[data-met="false"] [data-icon="met"]': { display: 'none' },
            }}
          >
            <Box as="span" data-icon="met">
              <FiCheck aria-hidden />
            </Box>
            <Box as="span" data-icon="unmet">
              <FiCircle aria-hidden size="0.6em" />
            </Box>
            <span>{check.label}</span>
            <Box as="span" srOnly data-rule-state>
              (not yet)
            </Box>
          </HStack>
        ))}
      </Box>
    </Box>
  );
}
