import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type Schema } from '../../api/client';

export type PaymentStatus = Schema<'PaymentStatusDto'>;
export type TutorPaymentStatus = Schema<'TutorPaymentStatusResultDto'>;

/** The payments calls, through the generated client. None is cached: each is a one-off. */
export const paymentsApi = {
  generatePaymentUrl: (body: { essayId: string } | { tutoringSessionId: string }) =>
    unwrap(api.POST('/api/student/generatePaymentUrl', { body })).then((r) => r.paymentUrl),
  updatePaymentStatus: (sessionId: string) => unwrap(api.POST('/api/student/updatePaymentStatus', { body: { sessionId } })),
  essayPayout: (essayId: string) => unwrap(api.POST('/api/tutor/generateTutorPaymentUrl', { body: { essayId } })).then((r) => r.paymentUrl),
  sessionPayout: (tutoringSessionID: string) =>
    unwrap(api.POST('/api/tutor/getPaidTutoringSessions', { body: { tutoringSessionID } })).then((r) => r.paymentUrl),
  /** The payout by its id (`payout_id`) or by the spec's `session_id`. */
  updateTutorPaymentStatus: (payout: { payoutId: string } | { sessionId: string }) => unwrap(api.POST('/api/tutor/updateTutorPaymentStatus', { body: payout })),
};

export type PayoutAccountStatus = Schema<'PayoutAccountStatusDto'>;

export const paymentsKeys = {
  all: ['payments'] as const,
  payoutAccount: () => [...paymentsKeys.all, 'payoutAccount'] as const,
};

/** The tutor's Stripe payout account (Connect), as the server has just asked Stripe. */
export const payoutAccountQuery = () =>
  queryOptions({
    queryKey: paymentsKeys.payoutAccount(),
    queryFn: () => unwrap(api.GET('/api/tutor/payoutAccount')),
  });

export const payoutAccountLink = () => unwrap(api.POST('/api/tutor/payoutAccount/link')).then((r) => r.url);
