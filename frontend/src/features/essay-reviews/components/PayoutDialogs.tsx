import { Button } from '@chakra-ui/react/button';
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Schema } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { AppDialog, ConfirmDialog } from '../../../components/ui/dialogs';
import { pounds } from '../format';
import type { EssayReviewsData } from '../hooks/useEssayReviewsData';

export type PayoutAccount = Schema<'PayoutAccountStatusDto'>;

/** Get Paid's two steps: confirm the payout, then "Payout requested!" with the way to its status page. */
export function PayoutDialogs({ data }: { data: EssayReviewsData }) {
  const navigate = useNavigate();
  const { payoutFor, setPayoutFor, payout, accountNotReady, paidOut, closePaidOut } = data;
  return (
    <>
      <ConfirmDialog
        open={payoutFor !== null}
        onClose={() => !payout.isPending && setPayoutFor(null)}
        onConfirm={() => payoutFor && payout.mutate(payoutFor)}
        pending={payout.isPending}
        title="Get paid for this review?"
        confirmLabel="Yes, get paid"
      >
        <Stack gap="3">
          {payoutFor?.tutorEarningsPence !== undefined ? (
            <Text>
              Request your payout of <strong>{pounds(payoutFor.tutorEarningsPence)}</strong> for “{payoutFor.title}” (the essay’s price{' '}
              {pounds(payoutFor.pricePence)} less the platform commission). A payout is made once per essay.
            </Text>
          ) : (
            <Text>
              Request your payout for “{payoutFor?.title}” (essay price {payoutFor ? pounds(payoutFor.pricePence) : ''}; you receive your share after the
              platform commission). A payout is made once per essay.
            </Text>
          )}
          {accountNotReady && (
            <FormAlert status="warning" title="Payouts are not set up">
              Without a payout account this payout is recorded and paid to you by our team.{' '}
              <Link asChild colorPalette="brand" fontWeight="semibold">
                <RouterLink to="/tutor/profile">Set up payouts on your profile</RouterLink>
              </Link>
            </FormAlert>
          )}
        </Stack>
      </ConfirmDialog>

      <AppDialog
        open={paidOut !== null}
        onClose={closePaidOut}
        title="Payout requested!"
        footer={
          <>
            <Button
              variant="outline"
              onClick={closePaidOut}
            >
              Close
            </Button>
            {paidOut && (
              <Button colorPalette="brand" onClick={() => void navigate({ to: '/tutor/payment-success', search: { payout_id: payoutIdOf(paidOut.url) } })}>
                View payout status
              </Button>
            )}
          </>
        }
      >
        <Text>Your payout for “{paidOut?.essay.title}” has been created. Thank you for your review!</Text>
      </AppDialog>
    </>
  );
}

/** The payout's status page (`/tutor/payment-success?payout_id=…`, Payments' page), as a router link. */
export function PayoutLink({ url, children }: { url: string; children: ReactNode }) {
  return (
    <RouterLink to="/tutor/payment-success" search={{ payout_id: payoutIdOf(url) }} style={{ textDecoration: 'underline', fontWeight: 600 }}>
      {children}
    </RouterLink>
  );
}

/** Where the money goes: a Stripe transfer when the tutor's account takes payouts, else a recorded payout. */
export function payoutNote(account: PayoutAccount | undefined): string {
  if (account?.available && account.payoutsEnabled) return 'It is on its way to your bank account through Stripe; transfers usually arrive within a few business days.';
  if (account?.available) return 'It is recorded and our team will pay it to you. Set up payouts on your profile to be paid straight to your bank account next time.';
  return 'It is recorded and our team will pay it to you.';
}

const payoutIdOf = (url: string): string | undefined => new URL(url, 'http://localhost').searchParams.get('payout_id') ?? undefined;
