import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy Policy"
      description="What personal data Redpen collects, why, who it is shared with, how long it is kept and your rights."
      lead="This policy explains what personal data Redpen collects, why we use it and the choices you have."
      updated="22 December 2024"
    >
      <Section title="1. Information we collect" id="collect">
        <Bullets
          items={[
            'Account details: name, email address, phone number, password (stored only as a secure hash) and role.',
            'Student profile: major, university, bio, date of birth and profile picture, if you add them.',
            'Essays and mark schemes you upload, the feedback and scores you receive, and your ratings.',
            'Tutor onboarding: education history, subjects, identity, right-to-work and DBS details and documents.',
            'Bookings, chat messages and payment records (card details are handled by our payment provider, not stored by us).',
            'Messages you send through the contact form.',
          ]}
        />
      </Section>

      <Section title="2. How we use it" id="use">
        <Bullets
          items={[
            'To run your account and provide essay reviews, tutoring sessions and chat.',
            'To take payments, pay tutors and keep financial records.',
            'To vet tutors and keep the platform safe, including monitoring for breaches of our terms.',
            'To send service emails such as verification codes, password resets and booking updates.',
            'To answer your questions and meet our legal obligations.',
          ]}
        />
      </Section>

      <Section title="3. Who we share it with" id="share">
        <Text>
          Tutors see the essays and details you choose to share with them for a review or session. We use trusted
          providers for payments, file storage and email, who process data only on our instructions. We do not sell your
          personal data.
        </Text>
      </Section>

      <Section title="4. How long we keep it" id="retention">
        <Text>
          We keep your data for as long as your account is active and as long afterwards as the law requires (for
          example, payment records). Uploaded files are kept in private storage and shared only through short-lived
          links.
        </Text>
      </Section>

      <Section title="5. Your rights" id="rights">
        <Text>
          Under UK data protection law you can ask for a copy of your data, have it corrected or deleted, restrict or
          object to its use, and take it elsewhere. See <AppLink to="/gdpr" {...link}>your data rights</AppLink> for how
          to ask.
        </Text>
      </Section>

      <Section title="6. Cookies and local storage" id="cookies">
        <Text>
          We do not use advertising or analytics cookies. We keep your sign-in token and a few settings in your
          browser's local storage so you stay signed in. Details are on our <AppLink to="/cookies" {...link}>cookies page</AppLink>.
        </Text>
      </Section>

      <Section title="7. Contact and changes" id="contact">
        <Text>
          For any privacy question, <AppLink to="/contact" {...link}>contact us</AppLink>. We may update this policy; the
          date above shows the latest version. Using Redpen is also subject to our{' '}
          <AppLink to="/terms" {...link}>Terms of Service</AppLink>.
        </Text>
      </Section>
    </ContentPage>
  );
}
