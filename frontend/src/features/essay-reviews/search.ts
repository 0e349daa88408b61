/**
 * The URL search params of the pool and the essay reviews (STYLE: a filtered list is a URL). Anything unknown is
 * dropped rather than refused, so an old or hand-edited link still opens the page.
 */
import { academicLevelOf, subjectOf, type AcademicLevel } from '@redpen/shared/essay-levels';
import type { ReviewsFilter } from './rules';

const SEARCH_MAX = 200;

const text = (value: unknown): string | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).slice(0, SEARCH_MAX);
  return trimmed.trim() ? trimmed : undefined;
};

export interface PoolSearch {
  level?: AcademicLevel;
  /** Only with a level, and only one of that level's subjects. */
  subject?: string;
  search?: string;
}

export function validatePoolSearch(raw: Record<string, unknown>): PoolSearch {
  const out: PoolSearch = {};
  const level = typeof raw.level === 'string' ? academicLevelOf(raw.level) : undefined;
  if (level) out.level = level;
  const subject = level && typeof raw.subject === 'string' ? subjectOf(level, raw.subject) : undefined;
  if (subject) out.subject = subject;
  const search = text(raw.search);
  if (search) out.search = search;
  return out;
}

export interface ReviewsSearch {
  filter?: Exclude<ReviewsFilter, 'all'>;
  search?: string;
}

export function validateReviewsSearch(raw: Record<string, unknown>): ReviewsSearch {
  const out: ReviewsSearch = {};
  if (raw.filter === 'in-progress' || raw.filter === 'completed') out.filter = raw.filter;
  const search = text(raw.search);
  if (search) out.search = search;
  return out;
}
