import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function SupportPage() {
  return (
    <ContentPage
      title="Support"
      description="Get help with Redpen: essays, sessions, payments, refunds and account access."
      lead="Here is how to get help with an essay, a session, a payment or your account."
    >
      <Section title="About a specific essay or session" id="chat">
        <Text>
          Message your tutor from Chats in your dashboard — they know your work best. If you cannot resolve it together,
          contact us and include the essay title or session date.
        </Text>
      </Section>
      <Section title="Refunds and revisions" id="refunds">
        <Bullets
          items={[
            'Full refund within 24 hours if the service has not been used.',
            'Revisions can be requested within 7 days of receiving feedback.',
          ]}
        />
        <Text>
          To ask for either, <AppLink to="/contact" {...link}>contact us</AppLink> with the subject "Refund" or
          "Revision".
        </Text>
      </Section>
      <Section title="Account problems" id="account">
        <Bullets
          items={[
            'Forgotten password: use Forgot password on the log-in page to get a reset link.',
            'No verification code: check your spam folder, then use Resend on the verification page (once a minute).',
            'Account suspended or banned: if you believe this is an error, contact our support team.',
          ]}
        />
      </Section>
      <Section title="Anything else" id="else">
        <Text>
          Try the <AppLink to="/help" {...link}>help centre</AppLink> and <AppLink to="/faq" {...link}>FAQ</AppLink>, or{' '}
          <AppLink to="/contact" {...link}>send us a message</AppLink>.
        </Text>
      </Section>
    </ContentPage>
  );
}
