import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';
import { PriceCalculator } from '../components/PriceCalculator';
import { SERVICE_LIMITS, SERVICE_PROMISES } from '../content/home';
import { ESSAY_PRICE_ROWS, EXPEDITED_SURCHARGE_PENCE, MIN_CHARGE_TEXT, MODEL_ANSWER_SURCHARGE_PENCE, formatPounds } from '../pricing';

export function PricingPage() {
  return (
    <ContentPage
      title="Pricing"
      description="Essay review prices by word count, with a live calculator. Tutoring sessions are priced by each tutor's hourly rate."
      lead="You pay per word for essay reviews, and the rate falls as essays get longer. Work out your price below."
    >
      <Section title="Essay review calculator" id="calculator">
        <PriceCalculator />
      </Section>

      <Section title="Price per word" id="tiers">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {ESSAY_PRICE_ROWS.map((tier) => (
            <Box key={tier.range} bg="white" rounded="lg" borderWidth="1px" borderColor="gray.200" borderTopWidth="4px" borderTopColor={BRAND.primary} p="5">
              <Text color="gray.700">{tier.range}</Text>
              <Heading as="h3" size="xl" mt="1">
                {tier.rate}
              </Heading>
            </Box>
          ))}
        </SimpleGrid>
        <Text>
          For example, a 2,000-word essay costs 1000 × 1.5p + 1000 × 0.7p = £22.00. The total is rounded to the nearest
          penny once, at the end. {MIN_CHARGE_TEXT} (the smallest amount a card payment can take).
        </Text>
      </Section>

      <Section title="Extras" id="extras">
        <Bullets
          items={[
            `A model answer as well as feedback: + ${formatPounds(MODEL_ANSWER_SURCHARGE_PENCE)} per essay.`,
            `Expedited review, marked within 24 hours of paying instead of 48: + ${formatPounds(EXPEDITED_SURCHARGE_PENCE)} per essay.`,
          ]}
        />
        <Text>Each extra is listed separately on your essay before you pay.</Text>
      </Section>

      <Section title="What you can count on" id="promises">
        <Bullets items={SERVICE_PROMISES} />
        <Bullets items={SERVICE_LIMITS} />
      </Section>

      <Section title="Tutoring and mock interviews" id="tutoring">
        <Text>
          Each tutor sets an hourly rate, shown on their profile before you book. Sessions last 30 to 60 minutes. See{' '}
          <AppLink to="/services/interviews" color={BRAND.primaryStrong} textDecoration="underline">mock interviews and tutoring</AppLink>.
        </Text>
      </Section>

      <Section title="How payment works" id="payment">
        <Text>
          You upload your essay and confirm the word count; a tutor accepts it and you pay securely by card before they
          start marking. You never pay before a tutor has agreed to review your essay. Questions? <AppLink to="/contact" color={BRAND.primaryStrong} textDecoration="underline">Contact us</AppLink>.
        </Text>
      </Section>
    </ContentPage>
  );
}
