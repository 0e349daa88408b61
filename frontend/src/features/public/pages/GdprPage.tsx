import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function GdprPage() {
  return (
    <ContentPage
      title="Your data rights (UK GDPR)"
      description="Your rights over your personal data under the UK GDPR and how to use them with Redpen."
      lead="Under the UK GDPR and the Data Protection Act 2018 you have rights over the personal data Redpen holds about you."
    >
      <Section title="Your rights" id="rights">
        <Bullets
          items={[
            'Access: ask for a copy of the personal data we hold about you.',
            'Rectification: ask us to correct data that is wrong or incomplete. Much of it you can edit yourself in your profile.',
            'Erasure: ask us to delete your data, unless we must keep it by law (for example payment records).',
            'Restriction and objection: ask us to limit or stop using your data in certain ways.',
            'Portability: ask for your data in a common, machine-readable format.',
          ]}
        />
      </Section>
      <Section title="How to ask" id="ask">
        <Text>
          Send your request through our <AppLink to="/contact" {...link}>contact form</AppLink> from the email address on
          your account, with the subject "Data request". We may ask you to confirm your identity. We will respond within
          one month, as the law requires.
        </Text>
      </Section>
      <Section title="How we use your data" id="use">
        <Text>
          Our <AppLink to="/privacy" {...link}>Privacy Policy</AppLink> explains what we collect, why, who we share it
          with and how long we keep it.
        </Text>
      </Section>
      <Section title="Complaints" id="complaints">
        <Text>
          If you are unhappy with how we handle your data, please tell us first. You also have the right to complain to
          the Information Commissioner's Office at{' '}
          <Link href="https://ico.org.uk/make-a-complaint/" {...link} target="_blank" rel="noopener noreferrer">
            ico.org.uk
          </Link>
          .
        </Text>
      </Section>
    </ContentPage>
  );
}
