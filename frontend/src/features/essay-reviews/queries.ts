/**
 * The tutor's essay calls through the generated client, and the one place for their query keys.
 * Mutations invalidate by the `essayReviewsKeys.all` prefix.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, apiUpload, unwrap, type Schema, type UploadOptions } from '../../api/client';
import type { AcademicLevel } from '@redpen/shared/essay-levels';
import type { TutorEssay } from './rules';

export interface PoolFilters {
  level?: AcademicLevel;
  subject?: string;
  search?: string;
}

export const essayReviewsKeys = {
  all: ['essay-reviews'] as const,
  dashboard: () => [...essayReviewsKeys.all, 'dashboard'] as const,
  pools: () => [...essayReviewsKeys.all, 'pool'] as const,
  pool: (filters: PoolFilters) => [...essayReviewsKeys.pools(), filters] as const,
  mine: () => [...essayReviewsKeys.all, 'mine'] as const,
  /** `POST /tutor/getEssay`: the marking page's essay. */
  essay: (essayId: string) => [...essayReviewsKeys.all, 'essay', essayId] as const,
  /** `GET /essays/{id}`: the discussion's essay. */
  discussion: (essayId: string) => [...essayReviewsKeys.all, 'discussion', essayId] as const,
};

export type TutorDashboard = Schema<'TutorDashboardDto'>;

export const tutorDashboardQuery = () =>
  queryOptions({
    queryKey: essayReviewsKeys.dashboard(),
    queryFn: (): Promise<TutorDashboard> => unwrap(api.GET('/api/tutor/getDashboard')),
  });

/** Open essays the tutor may take, narrowed by the server (level, subject, case-insensitive title). */
export const essayPoolQuery = (filters: PoolFilters) =>
  queryOptions({
    queryKey: essayReviewsKeys.pool(filters),
    queryFn: async (): Promise<TutorEssay[]> => {
      const query = { level: filters.level, subject: filters.level ? filters.subject : undefined, search: filters.search?.trim() || undefined };
      return (await unwrap(api.GET('/api/tutor/getAvailableEssays', { params: { query } }))).essays;
    },
  });

/** The essays this tutor accepted, latest first. */
export const myEssaysQuery = () =>
  queryOptions({
    queryKey: essayReviewsKeys.mine(),
    queryFn: async (): Promise<TutorEssay[]> => (await unwrap(api.GET('/api/tutor/getAllEssays'))).essays,
  });

export const tutorEssayQuery = (essayId: string) =>
  queryOptions({
    queryKey: essayReviewsKeys.essay(essayId),
    queryFn: async (): Promise<TutorEssay> => (await unwrap(api.POST('/api/tutor/getEssay', { body: { essayID: essayId } }))).essay,
  });

export const discussionEssayQuery = (essayId: string) =>
  queryOptions({
    queryKey: essayReviewsKeys.discussion(essayId),
    queryFn: async (): Promise<TutorEssay> =>
      (await unwrap(api.GET('/api/essays/{essayId}', { params: { path: { essayId } } }))).essay,
  });

export const essayReviewsApi = {
  accept: async (essayId: string): Promise<TutorEssay> => (await unwrap(api.POST('/api/tutor/acceptEssay', { body: { essayID: essayId } }))).essay,
  /** The tutor's Confirm: agreement recorded; an agreed count (within the band) reprices the essay. */
  confirm: async (essayId: string, wordCount?: number): Promise<TutorEssay> =>
    (await unwrap(api.POST('/api/essays/{essayId}/confirm', { params: { path: { essayId } }, body: wordCount === undefined ? {} : { wordCount } }))).essay,
  reject: (essayId: string) => unwrap(api.POST('/api/essays/{essayId}/reject', { params: { path: { essayId } } })),
  /** Multipart with upload progress: essayID, score, feedback, modelAnswerFile?. */
  mark: (fields: { essayId: string; score: number; feedback: string; file?: File | null }, options?: UploadOptions) => {
    const form = new FormData();
    form.append('essayID', fields.essayId);
    form.append('score', String(fields.score));
    form.append('feedback', fields.feedback);
    if (fields.file) form.append('modelAnswerFile', fields.file);
    return apiUpload('/api/tutor/markEssay', form, options);
  },
};
