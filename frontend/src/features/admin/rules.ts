// What the admin screens show, as pure functions (unit-tested in rules.test.ts): badges, ratings, the pager line,
// the ban question, the approval form's rule, and the labels of the payment and ledger enums.
import { formatPounds } from '@redpen/shared/pricing';
import type { FormRules } from '../../components/form/rules-resolver';
import type { StatusLabel } from '../../components/ui/StatusBadge';
import type { AdminPayment, AdminTutor, AdminTutorDetail, Pagination, StudyLevel, TutorFilter, Transaction } from './queries';

/** Money on the admin screens: always from the integer `…Pence` twin, as £ with 2 decimals. */
export const money = (pence: number) => formatPounds(pence);

export const STUDY_LEVELS: readonly StudyLevel[] = ['Bachelors', 'Masters', 'PhD'];

export const TUTOR_FILTERS: readonly { value: TutorFilter; label: string }[] = [
  { value: 'all', label: 'All Tutors' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending Approval' },
  { value: 'essay', label: 'Essay Approved' },
  { value: 'tutoring', label: 'Tutoring Approved' },
];

export const studentBadge = (banned: boolean): StatusLabel => (banned ? { label: 'Banned', tone: 'error' } : { label: 'Active', tone: 'success' });

const TUTOR_STATUS_TONES = {
  Banned: 'error',
  Approved: 'success',
  Pending: 'warning',
} as const;
export const tutorBadge = (status: AdminTutor['status']): StatusLabel => ({
  label: status,
  tone: TUTOR_STATUS_TONES[status],
});

/** The spec's five stars: the average rounded to whole stars; the text keeps one decimal and the count. */
export function starRating(average: number, count: number): { filled: number; text: string } {
  const filled = Math.min(5, Math.max(0, Math.round(average)));
  return { filled, text: `${average.toFixed(1)} (${count})` };
}

/** "Are you sure you want to ban Sam?" — banning adds what it does. */
export function banQuestion(name: string, ban: boolean): string[] {
  const question = `Are you sure you want to ${ban ? 'ban' : 'unban'} ${name}?`;
  return ban ? [question, 'This action will restrict their access to the platform.'] : [question];
}

/** What a ban will end in tutoring (the ban dialog's line, from GET /admin/tutoring/banImpact before the Yes). */
export function banConsequences(impact: { upcomingSessions: number; unpaidHolds: number }): string {
  const { upcomingSessions: sessions, unpaidHolds: holds } = impact;
  if (sessions === 0 && holds === 0) return 'They have no upcoming tutoring sessions or unpaid bookings.';
  const parts: string[] = [];
  if (sessions > 0) parts.push(`Their ${sessions} upcoming session${sessions === 1 ? '' : 's'} will be cancelled and refunded in full`);
  if (holds > 0) parts.push(`${holds} unpaid hold${holds === 1 ? '' : 's'} will end`);
  return `${parts.join('; ')}.`;
}

/** The failure alert after a ban or unban. */
export const banFailure = (kind: 'student' | 'tutor', ban: boolean) => `Failed to ${ban ? 'ban' : 'unban'} ${kind}. Please try again.`;

/** The payments pager line; the pager itself shows only beyond one page. */
export const pagerText = (p: Pagination) => `page ${p.currentPage} of ${p.totalPages} (${p.totalPayments} total payments)`;

export const lastChars = (value: string | null | undefined, n: number) => (value ? value.slice(-n) : 'N/A');

export interface ApprovalForm {
  StudyLevel: StudyLevel | '';
  approved_essay: boolean;
  approved_tutoring: boolean;
}

export const approvalRules: FormRules<ApprovalForm> = (values) => ({
  StudyLevel: values.StudyLevel ? null : 'Please select a study level',
});

/** Who pays for what: both payouts read "Platform to Tutor" (the filter's options name which, see PAYMENT_TYPE_OPTIONS). */
export const PAYMENT_TYPES: Record<AdminPayment['type'], string> = {
  student_essay_payment: 'Student to Essay',
  tutor_essay_payment: 'Platform to Tutor',
  student_tutoring_payment: 'Student to Tutoring',
  tutor_tutoring_payment: 'Platform to Tutor',
};
/** The type filter's options: the two payouts told apart by what they pay for. */
export const PAYMENT_TYPE_OPTIONS: { value: AdminPayment['type']; label: string }[] = [
  { value: 'student_essay_payment', label: 'Student to Essay' },
  { value: 'tutor_essay_payment', label: 'Platform to Tutor (essay)' },
  { value: 'student_tutoring_payment', label: 'Student to Tutoring' },
  { value: 'tutor_tutoring_payment', label: 'Platform to Tutor (tutoring)' },
];
export const PAYMENT_STATUSES: AdminPayment['status'][] = ['pending', 'completed', 'failed', 'refunded'];
export const PARTY_TYPES: AdminPayment['payerType'][] = ['student', 'tutor', 'platform'];

const PAYMENT_TONES = {
  pending: 'warning',
  completed: 'success',
  failed: 'error',
  refunded: 'info',
} as const;
export const paymentBadge = (status: string): StatusLabel => ({
  label: status.charAt(0).toUpperCase() + status.slice(1),
  tone: PAYMENT_TONES[status as keyof typeof PAYMENT_TONES] ?? 'neutral',
});

export const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const TRANSACTION_RANGES = [
  { value: 'all', label: 'All Time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
] as const;

export const TRANSACTION_TYPES = [
  { value: 'all', label: 'All Types' },
  { value: 'essay_review', label: 'Essay Reviews' },
  { value: 'tutoring_session', label: 'Tutoring Sessions' },
  { value: 'payout', label: 'Payouts' },
  { value: 'refund', label: 'Refunds' },
] as const;

export const transactionTypeLabel = (type: Transaction['type']) =>
  ({
    essay_review: 'Essay Review',
    tutoring_session: 'Tutoring Session',
    payout: 'Payout',
    refund: 'Refund',
  })[type];

export interface TutorDocument {
  label: string;
  url: string;
}

/** Every file a tutor uploaded that the admin reviews, as short-lived signed links, in the order they are checked. */
export function tutorDocuments(tutor: AdminTutorDetail): TutorDocument[] {
  const { BritishIrish, EuEeaSwiss, NonEuEea } = tutor.documents;
  const candidates: [string, string | null | undefined][] = [
    ['Passport', BritishIrish?.passportURL ?? EuEeaSwiss?.passportURL],
    ['UK birth or adoption certificate', BritishIrish?.UkBornOrAdoptedCertificateURL],
    ['Biometric residence permit', NonEuEea?.biometricResidencePermitURL],
    ['Visa', NonEuEea?.validVisaURL],
    ['A-Level certificate', tutor.aLevelsCertificate],
    ...tutor.gcseDocuments.map((url, i): [string, string] => [`GCSE document ${i + 1}`, url]),
    ...tutor.universityDocuments.map((url, i): [string, string] => [`University document ${i + 1}`, url]),
    ['DBS certificate', tutor.dbsDetails?.certificateFileUrl],
    ['Pending profile picture', tutor.pendingProfilePictureUrl],
  ];
  return candidates.filter((entry): entry is [string, string] => !!entry[1]).map(([label, url]) => ({ label, url }));
}

export const WAITING_LABELS: Record<AdminTutorDetail['waiting'][number], string> = {
  application: 'New application',
  dbs: 'DBS certificate to verify',
  profilePicture: 'New profile picture',
  studyLevel: 'Study level change',
};
