import { Box } from '@chakra-ui/react/box';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { ContentPage, Section } from '../components/ContentPage';
import { SAMPLE_TESTIMONIALS, SAMPLE_TESTIMONIALS_NOTE } from '../content/testimonials';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function TestimonialsPage() {
  return (
    <ContentPage
      title="Testimonials"
      description="How students rate Redpen tutors, and what a good review looks like."
      lead="After an essay review, students rate their tutor from 1 to 5 stars and can leave a comment."
    >
      <Section title="How ratings work" id="ratings">
        <Text>
          Only the student who received the feedback can rate it, once they have accepted it, so every rating comes
          from a real piece of work. Ratings are shown on tutor profiles to help other students choose.
        </Text>
      </Section>
      <Section title="Samples" id="samples">
        <Text color="gray.700">{SAMPLE_TESTIMONIALS_NOTE}</Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {SAMPLE_TESTIMONIALS.map((t) => (
            <Box as="figure" key={t.name} bg="white" rounded="xl" p="5" borderTopWidth="4px" borderColor={BRAND.primary}>
              <Text as="blockquote">“{t.quote}”</Text>
              <Box as="figcaption" mt="3" fontSize="sm" color="gray.700">
                <Text fontWeight="semibold" color="gray.900">
                  {t.name}
                </Text>
                {t.course}, {t.university}
              </Box>
            </Box>
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Tell us how it went" id="feedback">
        <Text>
          Used Redpen? Rate your tutor from your dashboard, or <AppLink to="/contact" {...link}>write to us</AppLink>.
        </Text>
      </Section>
    </ContentPage>
  );
}
