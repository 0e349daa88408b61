import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';

/** The signed-in layouts' footer (dashboard, onboarding). */
export function AppFooter() {
  return (
    <Box as="footer" px={{ base: '4', md: '6' }} py="4" borderTopWidth="1px" borderColor="gray.200" bg="white">
      <Text fontSize="sm" color="fg.muted">
        © {new Date().getFullYear()} Redpen
      </Text>
    </Box>
  );
}
