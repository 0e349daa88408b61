import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { Card } from '../../../components/ui/Card';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { browser } from '../hooks/usePay';
import { payoutAccountLink, payoutAccountQuery } from '../queries';

/**
 * "Payouts" on the tutor profile: with Stripe Connect, a link to Stripe's onboarding for the tutor's own account
 * (payouts then arrive by transfer); without it, nothing to set up (payouts are recorded), so the card is absent.
 */
export function PayoutAccountCard() {
  const account = useQuery(payoutAccountQuery());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!account.data?.available) return null;
  const { connected, payoutsEnabled } = account.data;

  async function openOnboarding() {
    setPending(true);
    setError(null);
    try {
      browser.go(await payoutAccountLink());
    } catch (failure) {
      setError(errorMessage(failure, 'Could not open the payout setup. Please try again.'));
      setPending(false);
    }
  }

  return (
    <Card>
      <Stack gap="3" align="flex-start">
        <Heading as="h2" size="lg">
          Payouts
        </Heading>
        <StatusBadge tone={payoutsEnabled ? 'success' : 'warning'}>{payoutsEnabled ? 'Payouts enabled' : connected ? 'Setup incomplete' : 'Not set up'}</StatusBadge>
        <Text color="fg.muted">
          {payoutsEnabled
            ? 'Your earnings are paid to your bank account through Stripe when you request a payout.'
            : 'Set up payouts with Stripe so your earnings are paid straight to your bank account.'}
        </Text>
        <Button colorPalette="brand" variant={payoutsEnabled ? 'outline' : 'solid'} loading={pending} onClick={() => void openOnboarding()}>
          {payoutsEnabled ? 'Update payout details' : connected ? 'Continue payout setup' : 'Set up payouts'}
        </Button>
        {error && <FormAlert title={error} />}
      </Stack>
    </Card>
  );
}
