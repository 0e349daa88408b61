import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiUpload, unwrap, type Schema } from '../../api/client';

export type TutoringProfileEnvelope = Schema<'TutoringProfileEnvelopeDto'>;
export type TutoringProfile = Schema<'TutoringProfileDto'>;
export type TutorCard = Schema<'TutorCardDto'>;
export type TutoringSession = Schema<'TutoringSessionDto'>;
export type Slot = Schema<'SlotDto'>;
export type Availability = Schema<'WeeklyAvailabilityDto'>;
export type ProfileUpdate = Schema<'UpdateTutoringProfileDto'>;

export type StudyLevelFilter = 'all' | 'PhD' | 'Masters' | 'Bachelors';
export type TutorSort = 'experience' | 'hourlyRate';
export interface TutorFilters {
  studyLevel: StudyLevelFilter;
  sort: TutorSort;
  search: string;
}

/** Every tutoring query key comes from here; mutations invalidate by prefix (`tutoringKeys.all`, `.sessions()`). */
export const tutoringKeys = {
  all: ['tutoring'] as const,
  profile: () => [...tutoringKeys.all, 'profile'] as const,
  tutors: (filters: TutorFilters) => [...tutoringKeys.all, 'tutors', filters] as const,
  sessions: () => [...tutoringKeys.all, 'sessions'] as const,
  studentSessions: (list: 'all' | 'upcoming') => [...tutoringKeys.sessions(), 'student', list] as const,
  tutorSessions: (list: 'pending' | 'inProgress' | 'completed') => [...tutoringKeys.sessions(), 'tutor', list] as const,
};

/** The tutor's tutoring page: its `state` (apply / pending / editable) is the server's decision. */
export const tutoringProfileQuery = () =>
  queryOptions({
    queryKey: tutoringKeys.profile(),
    queryFn: () => unwrap(api.GET('/api/tutor/getTutoringProfile')),
  });

/** Tutors asked for at a time on Find Your Tutor (Show more tutors asks the next page). */
export const TUTORS_PER_PAGE = 30;

/**
 * Find Your Tutor: filtering, sorting and search happen in the server's SQL. Asked a page at a time: only paged
 * cards carry `nextSlots`, which the booking modal offers.
 */
export const tutorsQuery = (filters: TutorFilters) =>
  infiniteQueryOptions({
    queryKey: tutoringKeys.tutors(filters),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const query = {
        studyLevel: filters.studyLevel,
        sort: filters.sort,
        ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
        page: pageParam,
        limit: TUTORS_PER_PAGE,
      };
      return unwrap(api.GET('/api/tutor/getTutorProfilesforTutoring', { params: { query } }));
    },
    getNextPageParam: (last, pages) => (pages.reduce((shown, page) => shown + page.tutors.length, 0) < last.total && last.tutors.length > 0 ? pages.length + 1 : undefined),
    select: (data) => data.pages.flatMap((page) => page.tutors),
    placeholderData: keepPreviousData,
  });

const STUDENT_LISTS = {
  all: '/api/student/getTutoringSessions',
  upcoming: '/api/student/getUpcomingTutoringSessions',
} as const;
export const studentSessionsQuery = (list: 'all' | 'upcoming') =>
  queryOptions({
    queryKey: tutoringKeys.studentSessions(list),
    queryFn: async () => (await unwrap(api.GET(STUDENT_LISTS[list]))).tutoringSessions,
  });

const TUTOR_LISTS = {
  pending: '/api/tutor/getPendingTutoringSessions',
  inProgress: '/api/tutor/getInProgressTutoringSessions',
  completed: '/api/tutor/getCompletedTutoringSessions',
} as const;
export const tutorSessionsQuery = (list: keyof typeof TUTOR_LISTS) =>
  queryOptions({
    queryKey: tutoringKeys.tutorSessions(list),
    queryFn: async () => (await unwrap(api.GET(TUTOR_LISTS[list]))).sessions,
  });

/** The one-off calls, through the generated client. */
export const tutoringApi = {
  updateProfile: (body: ProfileUpdate) => unwrap(api.POST('/api/tutor/updateTutoringProfile', { body })),
  applyForDbs: (form: FormData, onProgress: (percent: number) => void) => apiUpload('/api/tutor/applyForDBS', form, { onProgress }),
  book: (body: Schema<'CreateTutoringSessionDto'>) => unwrap(api.POST('/api/student/createTutoringSession', { body })),
  cancelAsStudent: (id: string) =>
    unwrap(
      api.POST('/api/student/cancelTutoringSession/{id}', {
        params: { path: { id } },
      }),
    ),
  rate: (sessionId: string, ratings: number, feedback: string) =>
    unwrap(
      api.POST('/api/student/giveRating', {
        body: {
          type: 'session',
          sessionId,
          ratings,
          ...(feedback.trim() ? { feedback: feedback.trim() } : {}),
        },
      }),
    ),
  payout: (tutoringSessionID: string) =>
    unwrap(
      api.POST('/api/tutor/getPaidTutoringSessions', {
        body: { tutoringSessionID },
      }),
    ).then((r) => r.paymentUrl),
};

/** Where the browser goes (the checkout, the payout page): replaceable in tests. */
export const browser = { go: (url: string) => window.location.assign(url) };
