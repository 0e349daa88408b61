// The kinds of notice the app sends at each turn of an essay, shared by the API (which sends them and
// honours the preferences) and the web app (which lists them and offers the switches). Pure TypeScript, no imports.

/** Every kind of notice, in the order the profile lists them. */
export const NOTIFICATION_KINDS = [
  'essay_accepted',
  'payment_due',
  'marking_due',
  'feedback_ready',
  'revision_requested',
  'revision_delivered',
  'payout_ready',
  'essay_returned',
  'chat_message',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds about money or a deadline: always sent, never switchable (a student must hear that payment is due, a tutor
 * that marking is due or that they can be paid).
 */
export const ALWAYS_SENT_KINDS: readonly NotificationKind[] = ['payment_due', 'marking_due', 'revision_requested', 'payout_ready'];

export function isSwitchable(kind: NotificationKind): boolean {
  return !ALWAYS_SENT_KINDS.includes(kind);
}

/** The switch's label in the profile, and who it concerns. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; side: 'student' | 'tutor' | 'both' }> = {
  essay_accepted: { label: 'A tutor accepted my essay', side: 'student' },
  payment_due: { label: 'The word count is agreed: payment is due', side: 'student' },
  marking_due: { label: 'The student paid: marking is due', side: 'tutor' },
  feedback_ready: { label: 'My feedback is ready', side: 'student' },
  revision_requested: { label: 'A revision was requested', side: 'tutor' },
  revision_delivered: { label: 'The revised feedback is ready', side: 'student' },
  payout_ready: { label: 'The student accepted my feedback: I can be paid', side: 'tutor' },
  essay_returned: { label: 'An essay went back to the pool', side: 'both' },
  chat_message: { label: 'New chat messages while I am away', side: 'both' },
};

/** New chat messages to someone offline are emailed at most once per conversation per this window. */
export const CHAT_MAIL_WINDOW_MS = 15 * 60 * 1000;

/** The list's page size. */
export const NOTIFICATIONS_PAGE = 30;
