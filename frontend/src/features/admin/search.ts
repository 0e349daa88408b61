// The admin lists' URL state: a filtered, paged list is a link (validated here, read by the routes).
import type { PaymentFilters, TransactionFilters, TutorFilter } from './queries';
import { PARTY_TYPES, PAYMENT_STATUSES, PAYMENT_TYPES, TRANSACTION_RANGES, TRANSACTION_TYPES, TUTOR_FILTERS } from './rules';

export interface UserListSearch {
  page?: number;
  search?: string;
}
export interface TutorListSearch extends UserListSearch {
  /** The tutor filter (named apart from the essay lists' `filter`, whose values differ). */
  approval?: TutorFilter;
}
/** `status` is `paymentStatus` in the URL: the essay lists' `status` has other values. */
export type PaymentsSearch = Omit<PaymentFilters, 'status'> & { paymentStatus?: PaymentFilters['status']; page?: number };

export const paymentFiltersOf = ({ page = 1, paymentStatus, ...rest }: PaymentsSearch): { page: number; filters: PaymentFilters } => ({
  page,
  filters: { ...rest, ...(paymentStatus ? { status: paymentStatus } : {}) },
});
export const paymentsSearchOf = ({ status, ...rest }: PaymentFilters): PaymentsSearch => ({ ...rest, ...(status ? { paymentStatus: status } : {}) });
export type TransactionsSearch = TransactionFilters & { page?: number };
/** The moderation queue's page. */
export interface ContentSearch {
  page?: number;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const pageOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 1 ? value : undefined);
const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);
const isoDate = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export const validateContentSearch = (raw: Record<string, unknown>): ContentSearch => ({ page: pageOf(raw.page) });

export const validateUserListSearch = (raw: Record<string, unknown>): UserListSearch => ({ page: pageOf(raw.page), search: text(raw.search) });

export const validateTutorListSearch = (raw: Record<string, unknown>): TutorListSearch => ({
  ...validateUserListSearch(raw),
  approval: oneOf(
    raw.approval,
    TUTOR_FILTERS.map((f) => f.value),
  ),
});

export const validatePaymentsSearch = (raw: Record<string, unknown>): PaymentsSearch => ({
  page: pageOf(raw.page),
  type: oneOf(raw.type, Object.keys(PAYMENT_TYPES) as (keyof typeof PAYMENT_TYPES)[]),
  paymentStatus: oneOf(raw.paymentStatus, PAYMENT_STATUSES),
  payerType: oneOf(raw.payerType, PARTY_TYPES),
  dateFrom: isoDate(raw.dateFrom),
  dateTo: isoDate(raw.dateTo),
});

export const validateTransactionsSearch = (raw: Record<string, unknown>): TransactionsSearch => ({
  page: pageOf(raw.page),
  range: oneOf(
    raw.range,
    TRANSACTION_RANGES.map((r) => r.value),
  ),
  type: oneOf(
    raw.type,
    TRANSACTION_TYPES.map((t) => t.value),
  ),
  search: text(raw.search),
});
