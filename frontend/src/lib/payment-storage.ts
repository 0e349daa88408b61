/**
 * The payment round trip's local-storage keys: before going to the payment page the
 * client stores which essay or session it pays for and the payment type; they are removed if generating
 * the URL fails, and at logout (the app root adds them to `SIGN_OUT_KEYS` in lib/session). Shared by the payments and tutoring features.
 */
export const CURRENT_ESSAY_ID_KEY = 'currentEssayId';
export const PAYMENT_TYPE_KEY = 'paymentType';

export type PaymentType = 'essay' | 'tutoring';

export function isPaymentType(value: unknown): value is PaymentType {
  return value === 'essay' || value === 'tutoring';
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Remembers what is being paid for (the id goes under `currentEssayId` for sessions too, as the spec's client did). */
export function rememberPayment(type: PaymentType, id: string): void {
  storage()?.setItem(CURRENT_ESSAY_ID_KEY, id);
  storage()?.setItem(PAYMENT_TYPE_KEY, type);
}

export function readPayment(): { id: string; type: PaymentType } | null {
  const id = storage()?.getItem(CURRENT_ESSAY_ID_KEY);
  const type = storage()?.getItem(PAYMENT_TYPE_KEY);
  return id && isPaymentType(type) ? { id, type } : null;
}

export function forgetPayment(): void {
  storage()?.removeItem(CURRENT_ESSAY_ID_KEY);
  storage()?.removeItem(PAYMENT_TYPE_KEY);
}
