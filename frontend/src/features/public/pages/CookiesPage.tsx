import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
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
        {/* Focusable with a name, so keyboard users can scroll the table on narrow screens. */}
        <Table.ScrollArea borderWidth="1px" rounded="md" bg="white" tabIndex={0} role="region" aria-label="What Redpen stores in your browser">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Item</Table.ColumnHeader>
                <Table.ColumnHeader>Purpose</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {STORAGE.map((row) => (
                <Table.Row key={row.key}>
                  <Table.Cell fontFamily="mono">{row.key}</Table.Cell>
                  <Table.Cell>{row.purpose}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
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
