import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type Schema } from '../../api/client';

export type StudentProfile = Schema<'StudentProfileDto'>;
export type TutorProfile = Schema<'TutorProfileDto'>;

export const profileKeys = {
  all: ['profile'] as const,
  student: () => [...profileKeys.all, 'student'] as const,
  tutor: () => [...profileKeys.all, 'tutor'] as const,
};

export const studentProfileQuery = () =>
  queryOptions({
    queryKey: profileKeys.student(),
    queryFn: async () => (await unwrap(api.GET('/api/student/profile'))).student,
  });

// The header card's figures (essays submitted, interviews completed, average percentage) come from
// `GET /student/getDashboard`, which the essays work adds: until the API has it, the page shows "—"
// without calling it. Add its query here (under `profileKeys.all`) once `schema.d.ts` has the route.

export const tutorProfileQuery = () =>
  queryOptions({
    queryKey: profileKeys.tutor(),
    queryFn: async () => (await unwrap(api.GET('/api/tutor/getProfile'))).tutor,
  });
