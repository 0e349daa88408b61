import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../api/client';

export interface StudentProfile {
  userId?: { name?: string; email?: string };
  major?: string | null;
  university?: string | null;
  bio?: string | null;
  dateOfBirth?: string | null;
  profilePicture?: string | null;
}

export interface StudentDashboard {
  essaysSubmitted?: number;
  interviewsCompleted?: number;
  averagePercentage?: string | number;
}

export interface TutorProfile {
  name?: string;
  email?: string;
  profilePicture?: string | null;
  pendingProfilePicture?: string | null;
  university?: string | null;
  StudyLevel?: string | null;
  yearsOfExperience?: number | null;
  motivation?: string | null;
  subjects?: { name: string; levels: string[] }[];
  approved?: boolean;
  approved_essay?: boolean;
  approved_tutoring?: boolean;
  hasDBS?: boolean;
  aLevels?: { subject: string; grade: string }[];
}

export const profileKeys = {
  all: ['profile'] as const,
  student: () => [...profileKeys.all, 'student'] as const,
  studentDashboard: () => [...profileKeys.all, 'student', 'dashboard'] as const,
  tutor: () => [...profileKeys.all, 'tutor'] as const,
};

export const studentProfileQuery = () =>
  queryOptions({
    queryKey: profileKeys.student(),
    queryFn: async () => (await apiGet<{ student: StudentProfile }>('/student/profile')).student,
  });

/** Stats for the header card; the page shows "—" when this call fails or does not exist yet. */
export const studentDashboardQuery = () =>
  queryOptions({
    queryKey: profileKeys.studentDashboard(),
    queryFn: () => apiGet<StudentDashboard>('/student/getDashboard'),
    retry: false,
  });

export const tutorProfileQuery = () =>
  queryOptions({
    queryKey: profileKeys.tutor(),
    queryFn: async () => (await apiGet<{ tutor: TutorProfile }>('/tutor/getProfile')).tutor,
  });
