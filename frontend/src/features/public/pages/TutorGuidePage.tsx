import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';
import { PROOFREADER_MAY, PROOFREADER_MAY_NOT } from '../content/proofreading';
import { MOTIVATION_MAX, RIGHT_TO_WORK_REFUSAL } from '@redpen/shared/account-rules';
import { ONBOARDING_MESSAGES } from '@redpen/shared/onboarding-fields';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function TutorGuidePage() {
  return (
    <ContentPage
      title="Tutor guide"
      description="How to tutor on Redpen: onboarding, approval, DBS, marking essays, running sessions and getting paid."
      lead="How to join Redpen as a tutor, mark essays, run sessions and get paid."
    >
      <Section title="1. Sign up and onboard" id="onboard">
        <Text>
          <AppLink to="/register" search={{ role: 'tutor' }} {...link}>Register</AppLink> as a tutor and complete two onboarding steps:
        </Text>
        <Bullets
          items={[
            `Basic Info: profile picture, university and course, A-levels, key dates, date of birth, the subjects and levels you teach and a short motivation (up to ${MOTIVATION_MAX} characters).`,
            'Verification: your right to work in the UK with a supporting document, and your DBS status — an existing certificate, a new application, or continue without one for now.',
          ]}
        />
        <Text>
          {RIGHT_TO_WORK_REFUSAL} {ONBOARDING_MESSAGES.age}.
        </Text>
      </Section>
      <Section title="2. Approval" id="approval">
        <Text>
          Our team reviews every profile, usually within 1–3 business days. Until then you will see Profile Under Review
          instead of the essay pool.
        </Text>
      </Section>
      <Section title="3. Marking essays" id="marking">
        <Bullets
          items={[
            'Browse the essay pool by level, subject and title, and accept an essay you can mark well.',
            'Agree the word count with the student in chat within 24 hours, or the essay returns to the pool.',
            'Once the student has paid, you have two days to submit a score out of 10, written feedback and, where needed, a marked file.',
          ]}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Stack gap="2">
            <Heading as="h3" size="md">
              As a proof-reader you may
            </Heading>
            <Bullets items={PROOFREADER_MAY} />
          </Stack>
          <Stack gap="2">
            <Heading as="h3" size="md">
              You may not
            </Heading>
            <Bullets items={PROOFREADER_MAY_NOT} />
          </Stack>
        </SimpleGrid>
      </Section>
      <Section title="4. Live sessions" id="sessions">
        <Text>
          Running tutoring and mock interview sessions needs an enhanced DBS check as well as the right to work in the
          UK. Without a DBS check you can still mark essays and give written feedback, but cannot run live sessions or
          interact directly with students. Set your availability and hourly rate in your tutoring profile.
        </Text>
      </Section>
      <Section title="5. Getting paid" id="paid">
        <Text>
          Your earnings for a review become payable 48 hours after you complete it, or sooner if the student accepts your
          feedback. A platform commission is deducted; your dashboard shows your earnings.
        </Text>
      </Section>
      <Section title="Rules" id="rules">
        <Text>
          Please read our <AppLink to="/terms" {...link}>Terms of Service</AppLink>: we monitor the platform, and
          breaches can lead to warnings, suspension or a ban.
        </Text>
      </Section>
    </ContentPage>
  );
}
