/**
 * The payment round trip's local-storage keys (spec part 1 §3, §9): before going to the payment page the
 * client stores which essay or session it pays for and the payment type; they are removed if generating
 * the URL fails, and at logout (the app root adds them to `SIGN_OUT_KEYS` in lib/session).
 */
export const CURRENT_ESSAY_ID_KEY = 'currentEssayId';
export const PAYMENT_TYPE_KEY = 'paymentType';
export const PAYMENT_KEYS = { currentEssayId: CURRENT_ESSAY_ID_KEY, paymentType: PAYMENT_TYPE_KEY } as const;
