import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** The My Essays status filter: each is one of the server's lists. */
export const ESSAY_FILTERS = ['all', 'pending', 'in-progress', 'completed'] as const;
export type EssayFilter = (typeof ESSAY_FILTERS)[number];

/** The filters read like the cards' badges (Pending, Under Review, Reviewed); the API's list names are unchanged. */
export const FILTER_LABELS: Record<EssayFilter, string> = {
  all: 'All',
  pending: 'Pending',
  'in-progress': 'Under Review or Revision Requested',
  completed: 'Reviewed',
};

/** Every essay query lives under `essaysKeys.all`, so one invalidation after an action refreshes lists and details. */
export const essaysKeys = {
  all: ['essays'] as const,
  lists: () => [...essaysKeys.all, 'list'] as const,
  list: (filter: EssayFilter) => [...essaysKeys.lists(), filter] as const,
  detail: (id: string) => [...essaysKeys.all, 'detail', id] as const,
  dashboard: () => [...essaysKeys.all, 'dashboard'] as const,
  pendingRatings: () => [...essaysKeys.all, 'pendingRatings'] as const,
};

function fetchList(filter: EssayFilter) {
  switch (filter) {
    case 'pending':
      return unwrap(api.GET('/api/student/essays/pending'));
    case 'in-progress':
      return unwrap(api.GET('/api/student/essays/in-progress'));
    case 'completed':
      return unwrap(api.GET('/api/student/essays/completed'));
    default:
      return unwrap(api.GET('/api/student/essays'));
  }
}

export const studentEssaysQuery = (filter: EssayFilter = 'all') =>
  queryOptions({
    queryKey: essaysKeys.list(filter),
    queryFn: async () => (await fetchList(filter)).essays,
  });

export const studentEssayQuery = (essayId: string) =>
  queryOptions({
    queryKey: essaysKeys.detail(essayId),
    queryFn: async () => (await unwrap(api.GET('/api/student/essay/{id}', { params: { path: { id: essayId } } }))).essay,
  });

/** The dashboard's figures (essays submitted, interviews completed, average percentage). */
export const studentDashboardQuery = () =>
  queryOptions({
    queryKey: essaysKeys.dashboard(),
    queryFn: () => unwrap(api.GET('/api/student/getDashboard')),
  });

/** Reviews the student accepted and has not rated yet (the dashboard's prompt). */
export const pendingRatingsQuery = () =>
  queryOptions({
    queryKey: essaysKeys.pendingRatings(),
    queryFn: async () => (await unwrap(api.GET('/api/student/getPendingRating'))).essays,
  });

/** The student's essay actions (cancel and revision of our design, docs/decisions.md "Essays"). */
export const essaysApi = {
  updateWordCount: (essayId: string, wordCount: number) => unwrap(api.POST('/api/student/updateWordCount', { body: { essayId, wordCount } })),
  acceptFeedback: (essayId: string) => unwrap(api.POST('/api/student/acceptEssay/{id}', { params: { path: { id: essayId } } })),
  requestRevision: (essayId: string) => unwrap(api.POST('/api/student/requestRevision/{id}', { params: { path: { id: essayId } } })),
  /** Confirms the price the student was shown (the essay's pricePence): refused (409) if the tutor changed it since. */
  confirmPrice: (essayId: string, pricePence: number) =>
    unwrap(api.POST('/api/essays/{essayId}/confirm-price', { params: { path: { essayId } }, body: { pricePence } })),
  cancel: (essayId: string) => unwrap(api.POST('/api/student/cancelEssay/{id}', { params: { path: { id: essayId } } })),
  giveRating: async (body: { essayId: string; ratings: number; feedback?: string }) => {
    const answer = await unwrap(api.POST('/api/student/giveRating', { body: { type: 'essay', ...body } }));
    // A rating of type essay answers with the essay (type session, with the tutoring session).
    return { message: answer.message, essay: answer.essay! };
  },
};
