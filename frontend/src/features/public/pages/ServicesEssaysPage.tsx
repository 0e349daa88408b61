import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';
import { SERVICE_LIMITS, SERVICE_PROMISES } from '../content/home';
import { PROOFREADER_MAY, PROOFREADER_MAY_NOT } from '../content/proofreading';
import { ESSAY_PRICE_TEXT, WORD_COUNT_ADJUST_PERCENT } from '../pricing';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function ServicesEssaysPage() {
  return (
    <ContentPage
      title="Essay reviews"
      description="Personalised feedback on academic essays from vetted UK tutors: a score out of 10 and written comments within 48–72 hours."
      lead="Upload an academic essay and a vetted tutor returns a score out of 10 with written feedback, usually within 48–72 hours."
    >
      <Section title="How it works" id="how">
        <Bullets
          items={[
            'Upload your essay (PDF, Word, text or image, up to 10 MB) with its title, subject and academic level — GCSE, A-Level, Bachelor, Masters or PhD. Add a mark scheme if you have one.',
            `Check the word count we detect (you can adjust it by up to ${WORD_COUNT_ADJUST_PERCENT}%) and see your price.`,
            'A tutor picks up your essay and confirms the word count with you in chat.',
            'You pay securely; the tutor then has two days to finish marking.',
            'You receive a score out of 10 and written feedback, and can accept it and rate your tutor.',
          ]}
        />
      </Section>
      <Section title="Our promises" id="promises">
        <Bullets items={SERVICE_PROMISES} />
        <Bullets items={SERVICE_LIMITS} />
      </Section>
      <Section title="What your tutor will and will not do" id="scope">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Stack gap="2">
            <Heading as="h3" size="md">
              Your tutor may
            </Heading>
            <Bullets items={PROOFREADER_MAY} />
          </Stack>
          <Stack gap="2">
            <Heading as="h3" size="md">
              Your tutor may not
            </Heading>
            <Bullets items={PROOFREADER_MAY_NOT} />
          </Stack>
        </SimpleGrid>
      </Section>
      <Section title="Price" id="price">
        <Text>
          {ESSAY_PRICE_TEXT}. Try the <AppLink to="/pricing" {...link}>price calculator</AppLink>, or{' '}
          <AppLink to="/register" search={{ role: 'student' }} {...link}>create an account</AppLink> to upload your first essay.
        </Text>
      </Section>
    </ContentPage>
  );
}
