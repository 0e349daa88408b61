import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Span } from '@chakra-ui/react/span';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useIsland } from '../../../lib/useIsland';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { ContentPage } from '../components/ContentPage';
import { FiChevronDown } from '../components/icons';
import { FAQ_TABS } from '../content/faq';
import { mountFaq } from '../islands/faq';

/**
 * Topic tabs over accordions of questions. The markup is the island's (islands/faq.ts): plain buttons and panels
 * with their ARIA state, the first topic selected and every answer closed; without JavaScript every topic and
 * answer shows (index.html's <noscript> style).
 */
export function FaqPage() {
  const rootRef = useIsland(mountFaq, undefined);
  return (
    <ContentPage
      title="FAQ"
      description="Answers to common questions about Redpen essay reviews, mock interviews, tutoring and pricing."
      lead="Frequently asked questions about Redpen, essay reviews, mock interviews and pricing."
    >
      <Box ref={rootRef} data-island="faq">
        <Box overflowX="auto" pb="1">
          <Flex role="tablist" aria-label="FAQ topics" data-faq-tabs gap="1" p="1" bg="gray.100" rounded="lg" wrap={{ base: 'wrap', md: 'nowrap' }} w="fit-content">
            {FAQ_TABS.map((tab, i) => (
              <Box
                key={tab.id}
                asChild
                px="4"
                py="2"
                rounded="md"
                fontWeight="medium"
                color="gray.700"
                cursor="pointer"
                whiteSpace="nowrap"
                _hover={{ color: 'gray.900' }}
                _focusVisible={{ outline: '2px solid', outlineColor: BRAND.primaryStrong, outlineOffset: '2px' }}
                css={{ '&[aria-selected="true"]': { bg: 'white', color: 'gray.900', shadow: 'sm', fontWeight: 'semibold' } }}
              >
                <button type="button" role="tab" id={`faq-tab-${tab.id}`} aria-controls={`faq-${tab.id}`} aria-selected={i === 0} tabIndex={i === 0 ? 0 : -1}>
                  {tab.label}
                </button>
              </Box>
            ))}
          </Flex>
        </Box>
        {FAQ_TABS.map((tab, i) => (
          <Box key={tab.id} role="tabpanel" id={`faq-${tab.id}`} aria-labelledby={`faq-tab-${tab.id}`} hidden={i !== 0} data-faq-panel pt="6">
            {/* The topic's name for a reader without the tabs (shown only without JavaScript). */}
            <h2 className="rp-faq-topic">{tab.label}</h2>
            <Stack gap="0" bg="white" borderWidth="1px" borderColor="gray.200" rounded="lg" overflow="hidden">
              {tab.items.map((item, j) => (
                <Box key={item.q} borderTopWidth={j === 0 ? '0' : '1px'} borderColor="gray.200">
                  <Heading as="h3" fontSize="md" fontWeight="semibold" m="0">
                    <Flex
                      asChild
                      w="full"
                      align="center"
                      gap="3"
                      px="4"
                      py="4"
                      cursor="pointer"
                      textAlign="start"
                      _hover={{ bg: 'gray.50' }}
                      _focusVisible={{ outline: '2px solid', outlineColor: BRAND.primaryStrong, outlineOffset: '-2px' }}
                    >
                      <button type="button" id={`faq-q-${tab.id}-${j}`} aria-expanded={false} aria-controls={`faq-a-${tab.id}-${j}`} data-faq-trigger>
                        <Span flex="1">{item.q}</Span>
                        <FiChevronDown aria-hidden className="rp-faq-indicator" />
                      </button>
                    </Flex>
                  </Heading>
                  <Box id={`faq-a-${tab.id}-${j}`} role="region" aria-labelledby={`faq-q-${tab.id}-${j}`} hidden data-faq-answer px="4" pb="4" color="gray.800">
                    {item.a}
                  </Box>
                </Box>
              ))}
            </Stack>
          </Box>
        ))}
      </Box>
      <Text>
        Still have a question?{' '}
        <AppLink to="/contact" color={BRAND.primaryStrong} fontWeight="semibold" textDecoration="underline">
          Contact us
        </AppLink>{' '}
        and we will get back to you.
      </Text>
    </ContentPage>
  );
}
