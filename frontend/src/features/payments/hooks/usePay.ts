import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { paymentsApi } from '../queries';
import { forgetPayment, rememberPayment, type PaymentType } from '../storage';

export interface PayTarget {
  type: PaymentType;
  id: string;
}

/** Where the browser goes: `window.location.assign`, replaceable in tests. */
export const browser = { go: (url: string) => window.location.assign(url) };

/**
 * The reusable "Pay" action: remember the item and the payment type, ask the server for the
 * checkout URL (the server decides the amount), then go there; on failure forget them and report
 * "Failed to generate payment URL: {msg}".
 */
export function usePay() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay(target: PayTarget): Promise<void> {
    setPending(true);
    setError(null);
    rememberPayment(target.type, target.id);
    try {
      const url = await paymentsApi.generatePaymentUrl(target.type === 'essay' ? { essayId: target.id } : { tutoringSessionId: target.id });
      browser.go(url);
    } catch (failure) {
      forgetPayment();
      setError(`Failed to generate payment URL: ${errorMessage(failure, 'Please try again.')}`);
      setPending(false);
    }
  }

  return { pay, pending, error };
}
