import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { FOOTER_GROUPS, FOOTER_TEXT } from '../content/site';
import { AppLink } from './AppLink';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="gray.900" color="gray.200" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap={{ base: '8', lg: '10' }}>
          <Stack gap="3">
            <Text fontSize="2xl" fontWeight="extrabold" color={BRAND.accent}>
              Redpen
            </Text>
            <Text fontSize="sm" color="gray.300">
              {FOOTER_TEXT}
            </Text>
          </Stack>
          {FOOTER_GROUPS.map((group) => (
            <Box as="nav" key={group.title} aria-label={group.title}>
              <Heading as="h2" size="sm" color="white" mb="3">
                {group.title}
              </Heading>
              <Stack as="ul" gap="2" listStyleType="none">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <AppLink to={link.to} fontSize="sm" color="gray.300" _hover={{ color: 'white' }}>
                      {link.label}
                    </AppLink>
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </SimpleGrid>
        <Text borderTopWidth="1px" borderColor="gray.700" mt="10" pt="6" fontSize="sm" color="gray.400">
          © {year} Redpen. London, United Kingdom.
        </Text>
      </Container>
    </Box>
  );
}
