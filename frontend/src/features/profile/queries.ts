import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type Schema } from '../../api/client';

export type StudentProfile = Schema<'StudentProfileDto'>;
export type TutorProfile = Schema<'TutorProfileDto'>;

export const profileKeys = {
  all: ['profile'] as const,
  student: () => [...profileKeys.all, 'student'] as const,
  studentFigures: () => [...profileKeys.all, 'student', 'figures'] as const,
  tutor: () => [...profileKeys.all, 'tutor'] as const,
};

export const studentProfileQuery = () =>
  queryOptions({
    queryKey: profileKeys.student(),
    queryFn: async () => (await unwrap(api.GET('/api/student/profile'))).student,
  });

/**
 * The header card's figures (essays submitted, interviews completed, average percentage): the student dashboard's
 * `GET /student/getDashboard`. The essays feature reads the same route for the dashboard page under its own key
 * (features do not share files); each page refetches it when stale.
 */
export const studentFiguresQuery = () =>
  queryOptions({
    queryKey: profileKeys.studentFigures(),
    queryFn: () => unwrap(api.GET('/api/student/getDashboard')),
  });

export const tutorProfileQuery = () =>
  queryOptions({
    queryKey: profileKeys.tutor(),
    queryFn: async () => (await unwrap(api.GET('/api/tutor/getProfile'))).tutor,
  });
