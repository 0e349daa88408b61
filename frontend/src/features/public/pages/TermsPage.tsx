import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';
import { PROOFREADER_MAY, PROOFREADER_MAY_NOT } from '../content/proofreading';
import { LOCATION, SUPPORT_EMAIL } from '../content/site';
import { ESSAY_PRICE_TEXT, WORD_COUNT_ADJUST_PERCENT } from '../pricing';
import { STUDENT_MIN_AGE } from '@redpen/shared/account-rules';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function TermsPage() {
  return (
    <ContentPage
      title="Terms of Service"
      description="The terms that apply when you use Redpen as a student or a tutor, including the proof-reading rules."
      lead="These terms apply to everyone who uses Redpen, as a student, a tutor or both. Please read them before you sign up."
      updated="19 March 2024"
    >
      <Section title="1. About these terms" id="about">
        <Text>
          Redpen is an online platform, based in {LOCATION}, that connects students with tutors for paid essay
          feedback and one-to-one tutoring sessions. By creating an account or using the service you agree to these
          terms and to our <AppLink to="/privacy" {...link}>Privacy Policy</AppLink>.
        </Text>
      </Section>

      <Section title="2. Who can use Redpen" id="eligibility">
        <Bullets
          items={[
            `You must be at least ${STUDENT_MIN_AGE} years old. Redpen is not for under-${STUDENT_MIN_AGE}s.`,
            'You must give accurate information when you register and keep it up to date.',
            'You are responsible for keeping your password safe and for everything done with your account.',
            'Tutors must have the right to work in the UK.',
          ]}
        />
      </Section>

      <Section title="3. Essay reviews" id="essays">
        <Bullets
          items={[
            'We accept academic essays only. Personal statements are not accepted.',
            'Coursework submissions are banned: do not upload work that will be submitted for assessment as your own.',
            'Feedback is delivered within 48–72 hours, or within 24 hours with the expedited service.',
            'You may ask for a revision within 7 days of receiving feedback.',
            'Feedback helps you improve your own work. You remain responsible for what you submit to your school or university and for following its academic integrity rules.',
          ]}
        />
      </Section>

      <Section title="4. Prices, payment and refunds" id="payment">
        <Text>
          Essay reviews cost {ESSAY_PRICE_TEXT}. You and your tutor confirm the word count before payment; it may differ
          from the detected count by up to {WORD_COUNT_ADJUST_PERCENT}% either way. Tutoring sessions are charged at the tutor's published hourly rate. Prices are in
          pounds sterling and paid by card through our payment provider.
        </Text>
        <Text>
          You can have a full refund within 24 hours of payment if the service has not been used. This does not affect
          your statutory rights.
        </Text>
      </Section>

      <Section title="5. Tutoring sessions" id="sessions">
        <Text>
          Sessions are booked from a tutor's published availability and held online. Live sessions are run only by
          tutors with the right to work in the UK and an enhanced DBS check. Please join on time; the meeting link is
          available while the session is running.
        </Text>
      </Section>

      <Section title="6. Tutor terms" id="tutors">
        <Text>
          Tutors complete onboarding (identity, education, right to work and DBS details) and must be approved by an
          admin before taking work. Without a DBS check a tutor may mark essays and give written feedback but may not run
          live sessions or interact directly with students. A tutor who accepts an essay must complete the review within
          two days of the student's payment. A tutor's profile picture cannot be changed without admin approval.
        </Text>
        <Text>When reviewing an essay, a tutor works as a proof-reader:</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Stack gap="2">
            <Heading as="h3" size="md">
              A proof-reader may
            </Heading>
            <Bullets items={PROOFREADER_MAY} />
          </Stack>
          <Stack gap="2">
            <Heading as="h3" size="md">
              A proof-reader may not
            </Heading>
            <Bullets items={PROOFREADER_MAY_NOT} />
          </Stack>
        </SimpleGrid>
      </Section>

      <Section title="7. Acceptable use" id="conduct">
        <Bullets
          items={[
            'Be respectful in chats and sessions. No harassment, discrimination or abusive language.',
            'Do not ask for, or provide, work to be passed off as someone else’s own.',
            'Do not share contact details to take bookings or payments outside Redpen.',
            'Do not upload material you do not have the right to share, or anything unlawful.',
          ]}
        />
      </Section>

      <Section title="8. Monitoring, warnings, suspension and bans" id="enforcement">
        <Text>
          To keep students and tutors safe, we may monitor chats, uploads and sessions for breaches of these terms. If
          we find a breach we may issue a warning, suspend the account, or ban it permanently, depending on how serious
          it is. A banned account cannot sign in. If you believe action was taken in error, please contact our support
          team.
        </Text>
      </Section>

      <Section title="9. Liability" id="liability">
        <Text>
          We take reasonable care to provide the service described here. Feedback is advice, not a guarantee of any
          grade or admission outcome. Nothing in these terms limits liability that cannot be limited by law.
        </Text>
      </Section>

      <Section title="10. Changes and governing law" id="law">
        <Text>
          We may update these terms; the date above shows the latest version, and we will tell registered users about
          significant changes. These terms are governed by the laws of England and Wales, and the courts of the United
          Kingdom have jurisdiction.
        </Text>
      </Section>

      <Section title="11. Contact Us" id="contact">
        <Text>
          Questions about these terms? Use our <AppLink to="/contact" {...link}>contact form</AppLink> or email{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} style={{ color: BRAND.primaryStrong, textDecoration: 'underline' }}>
            {SUPPORT_EMAIL}
          </a>
          .
        </Text>
      </Section>
    </ContentPage>
  );
}
