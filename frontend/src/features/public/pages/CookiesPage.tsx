import { Text } from '@chakra-ui/react/text';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { ContentPage, Section } from '../components/ContentPage';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

const STORAGE = [
  { key: 'token', purpose: 'Keeps you signed in.' },
  { key: 'user', purpose: 'Your name, email and role, so pages load without asking the server again.' },
  { key: 'currentRole', purpose: 'Whether you are using Redpen as a student or a tutor.' },
  { key: 'currentEssayId, paymentType', purpose: 'Remembers which essay or session you are paying for while you are at the payment page.' },
  { key: 'Resend-code timer', purpose: 'Stops the verification-code resend button working more than once a minute.' },
] as const;

const STORAGE_COLUMNS: DataTableColumn<(typeof STORAGE)[number]>[] = [
  { key: 'item', header: 'Item', cell: (row) => <Text as="span" fontFamily="mono">{row.key}</Text>, rowHeader: true },
  { key: 'purpose', header: 'Purpose', cell: (row) => row.purpose },
];

export function CookiesPage() {
  return (
    <ContentPage
      title="Cookies"
      description="Redpen uses no advertising or analytics cookies. Here is what we store in your browser and why."
      lead="We do not use advertising or analytics cookies, and we do not track you across other sites."
    >
      <Section title="What we store in your browser" id="storage">
        <Text>
          To keep you signed in, Redpen uses your browser's local storage, which works like a strictly necessary
          cookie. It is read only by Redpen, and the sign-in items are cleared when you log out.
        </Text>
        <DataTable caption="What Redpen stores in your browser" captionHidden columns={STORAGE_COLUMNS} rows={[...STORAGE]} rowKey={(row) => row.key} />
      </Section>
      <Section title="Payments" id="payments">
        <Text>
          When you pay, you are taken to our payment provider's checkout page, which may set its own strictly necessary
          cookies for security and fraud prevention under its own policy.
        </Text>
      </Section>
      <Section title="Your choices" id="choices">
        <Text>
          Because everything we store is needed for the site to work, there is nothing to opt out of. You can clear site
          data in your browser settings at any time; you will then need to sign in again. See also our{' '}
          <AppLink to="/privacy" {...link}>Privacy Policy</AppLink>.
        </Text>
      </Section>
    </ContentPage>
  );
}
