import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type components, type paths } from '../../api/client';

export type AdminStudent = components['schemas']['AdminStudentDto'];
export type AdminStudentDetail = components['schemas']['AdminStudentDetailDto'];
export type AdminTutor = components['schemas']['AdminTutorDto'];
export type AdminTutorDetail = components['schemas']['AdminTutorDetailDto'];
export type DashboardData = components['schemas']['DashboardDataDto'];
export type Pagination = components['schemas']['PaginationDto'];
export type AdminPayment = components['schemas']['PaymentDto'];
export type AdminPaymentDetail = components['schemas']['PaymentDetailDto'];
export type Transaction = components['schemas']['TransactionDto'];
export type ModerationQueue = components['schemas']['ChatModerationDto'];
export type AuditEntry = components['schemas']['AuditEntryDto'];
export type StudyLevel = components['schemas']['ApproveTutorDto']['StudyLevel'];

export type TutorFilter = NonNullable<NonNullable<paths['/api/admin/getAllTutors']['get']['parameters']['query']>['filter']>;
export type PaymentFilters = Omit<NonNullable<paths['/api/admin/payments']['get']['parameters']['query']>, 'page' | 'limit'>;
export type TransactionFilters = Omit<NonNullable<paths['/api/admin/transactions']['get']['parameters']['query']>, 'page' | 'limit'>;

/** Cards per page on the two management screens; rows per page on the payments (spec: limit 20) and ledger. */
export const USERS_PAGE_SIZE = 12;
export const PAYMENTS_PAGE_SIZE = 20;
export const TRANSACTIONS_PAGE_SIZE = 20;
/** Items per page of the moderation queue (the admin lists' default page). */
export const MODERATION_PAGE_SIZE = 20;

interface UserListParams {
  page: number;
  search: string;
}

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  unapprovedTutors: () => [...adminKeys.all, 'unapproved-tutors'] as const,
  students: () => [...adminKeys.all, 'students'] as const,
  studentList: (params: UserListParams) => [...adminKeys.students(), 'list', params] as const,
  student: (id: string) => [...adminKeys.students(), 'detail', id] as const,
  tutors: () => [...adminKeys.all, 'tutors'] as const,
  tutorList: (params: UserListParams & { filter: TutorFilter }) => [...adminKeys.tutors(), 'list', params] as const,
  tutor: (id: string) => [...adminKeys.tutors(), 'detail', id] as const,
  payments: () => [...adminKeys.all, 'payments'] as const,
  paymentList: (filters: PaymentFilters, page: number) => [...adminKeys.payments(), 'list', filters, page] as const,
  paymentStats: () => [...adminKeys.payments(), 'stats'] as const,
  payment: (id: string) => [...adminKeys.payments(), 'detail', id] as const,
  transactions: (filters: TransactionFilters, page: number) => [...adminKeys.all, 'transactions', filters, page] as const,
  moderation: () => [...adminKeys.all, 'moderation'] as const,
  moderationPage: (page: number) => [...adminKeys.moderation(), page] as const,
  audit: (subjectId: string) => [...adminKeys.all, 'audit', subjectId] as const,
  banImpact: (userId: string) => [...adminKeys.all, 'ban-impact', userId] as const,
};

export const dashboardQuery = () =>
  queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: () => unwrap(api.GET('/api/admin/getDashboardData')),
  });

export const unapprovedTutorsQuery = () =>
  queryOptions({
    queryKey: adminKeys.unapprovedTutors(),
    queryFn: async () => (await unwrap(api.GET('/api/admin/getUnapprovedTutors'))).tutors,
  });

/** One page of students; the search runs in PostgreSQL (name, email or phone). */
export const studentListQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: adminKeys.studentList(params),
    queryFn: () =>
      unwrap(
        api.GET('/api/admin/getAllStudents', {
          params: {
            query: {
              page: params.page,
              limit: USERS_PAGE_SIZE,
              ...(params.search ? { search: params.search } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const studentQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.student(id),
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/admin/getStudentById/{id}', {
            params: { path: { id } },
          }),
        )
      ).student,
  });

export const tutorListQuery = (params: UserListParams & { filter: TutorFilter }) =>
  queryOptions({
    queryKey: adminKeys.tutorList(params),
    queryFn: () =>
      unwrap(
        api.GET('/api/admin/getAllTutors', {
          params: {
            query: {
              page: params.page,
              limit: USERS_PAGE_SIZE,
              filter: params.filter,
              ...(params.search ? { search: params.search } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const tutorQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.tutor(id),
    queryFn: async () => (await unwrap(api.GET('/api/admin/getTutorById/{id}', { params: { path: { id } } }))).tutor,
  });

export const paymentListQuery = (filters: PaymentFilters, page: number) =>
  queryOptions({
    queryKey: adminKeys.paymentList(filters, page),
    queryFn: () =>
      unwrap(
        api.GET('/api/admin/payments', {
          params: { query: { ...filters, page, limit: PAYMENTS_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const paymentStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.paymentStats(),
    queryFn: async () => (await unwrap(api.GET('/api/admin/payments/stats'))).overall,
  });

export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.payment(id),
    queryFn: async () => (await unwrap(api.GET('/api/admin/payments/{id}', { params: { path: { id } } }))).payment,
  });

export const transactionsQuery = (filters: TransactionFilters, page: number) =>
  queryOptions({
    queryKey: adminKeys.transactions(filters, page),
    queryFn: () =>
      unwrap(
        api.GET('/api/admin/transactions', {
          params: {
            query: { ...filters, page, limit: TRANSACTIONS_PAGE_SIZE },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** One page of the queue: unresolved items first, oldest first; then resolved ones. */
export const moderationQuery = (page = 1) =>
  queryOptions({
    queryKey: adminKeys.moderationPage(page),
    queryFn: () => unwrap(api.GET('/api/admin/chat/moderation', { params: { query: { page, limit: MODERATION_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });

/** What banning this person would end in tutoring now; read fresh each time the ban dialog opens. */
export const banImpactQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.banImpact(userId),
    queryFn: () => unwrap(api.GET('/api/admin/tutoring/banImpact/{userId}', { params: { path: { userId } } })),
    staleTime: 0,
    gcTime: 0,
  });

export const auditQuery = (subjectId: string) =>
  queryOptions({
    queryKey: adminKeys.audit(subjectId),
    queryFn: async () => (await unwrap(api.GET('/api/admin/audit', { params: { query: { subjectId } } }))).entries,
  });

// ——— changes (callers invalidate by prefix: adminKeys.students(), adminKeys.tutors(), adminKeys.payments() …)

export type ApproveTutorBody = components['schemas']['ApproveTutorDto'];
export type ReviewChangeBody = components['schemas']['ReviewTutorChangeDto'];
export type ResolveModerationBody = components['schemas']['ResolveModerationDto'];
export type PaymentStatusBody = components['schemas']['UpdatePaymentByAdminDto'];

export const approveTutor = (body: ApproveTutorBody) => unwrap(api.POST('/api/admin/approveTutor', { body }));
export const rejectTutor = (tutorId: string, reason: string) => unwrap(api.POST('/api/admin/rejectTutor', { body: { tutorId, reason } }));
export const reviewTutorChange = (body: ReviewChangeBody) => unwrap(api.POST('/api/admin/reviewTutorChange', { body }));

export async function setBanned(kind: 'student' | 'tutor', id: string, banned: boolean): Promise<void> {
  const params = { params: { path: { id } }, body: { banned } };
  if (kind === 'student') await unwrap(api.PUT('/api/admin/updateStudent/{id}', params));
  else await unwrap(api.PUT('/api/admin/updateTutor/{id}', params));
}

export const setPaymentStatus = (id: string, body: PaymentStatusBody) =>
  unwrap(
    api.PUT('/api/admin/payments/{id}/status', {
      params: { path: { id } },
      body,
    }),
  );

export const resolveModeration = (body: ResolveModerationBody) => unwrap(api.POST('/api/admin/chat/moderation/resolve', { body }));

/** The filtered ledger as CSV (fetched with the bearer token, which a plain link would not carry), saved as a file. */
export async function downloadTransactionsCsv(filters: TransactionFilters): Promise<void> {
  const csv = await unwrap(
    api.GET('/api/admin/transactions/export.csv', {
      params: { query: filters },
      parseAs: 'blob',
    }),
  );
  const url = URL.createObjectURL(csv as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'transactions.csv';
  link.click();
  URL.revokeObjectURL(url);
}
