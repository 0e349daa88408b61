import { Accordion } from '@chakra-ui/react/accordion';
import { Box } from '@chakra-ui/react/box';
import { Span } from '@chakra-ui/react/span';
import { Tabs } from '@chakra-ui/react/tabs';
import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { ContentPage } from '../components/ContentPage';
import { FAQ_TABS } from '../content/faq';

export function FaqPage() {
  return (
    <ContentPage
      title="FAQ"
      description="Answers to common questions about Redpen essay reviews, mock interviews, tutoring and pricing."
      lead="Frequently asked questions about Redpen, essay reviews, mock interviews and pricing."
    >
      <Tabs.Root defaultValue={FAQ_TABS[0]?.id} variant="enclosed" fitted={false} lazyMount={false}>
        <Box overflowX="auto" pb="1">
          <Tabs.List flexWrap={{ base: 'wrap', md: 'nowrap' }}>
            {FAQ_TABS.map((tab) => (
              <Tabs.Trigger key={tab.id} value={tab.id}>
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {FAQ_TABS.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id} pt="6">
            <Accordion.Root collapsible multiple variant="enclosed" bg="white">
              {tab.items.map((item, i) => (
                <Accordion.Item key={item.q} value={`${tab.id}-${i}`}>
                  <Accordion.ItemTrigger py="4" cursor="pointer">
                    <Span flex="1" fontWeight="semibold" textAlign="start">
                      {item.q}
                    </Span>
                    <Accordion.ItemIndicator />
                  </Accordion.ItemTrigger>
                  <Accordion.ItemContent>
                    <Accordion.ItemBody color="gray.800">{item.a}</Accordion.ItemBody>
                  </Accordion.ItemContent>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </Tabs.Content>
        ))}
      </Tabs.Root>
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
