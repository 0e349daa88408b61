/**
 * The essay pages' URL search params, validated so that a filtered list is a URL (STYLE.md) and an unknown value
 * falls back to the default instead of failing the route.
 */
import { ESSAY_FILTERS, type EssayFilter } from './queries';
import type { Essay } from './essay-rules';

export const ESSAY_SORTS = ['latest', 'title', 'subject'] as const;
export type EssaySort = (typeof ESSAY_SORTS)[number];

export const SORT_LABELS: Record<EssaySort, string> = {
  latest: 'Latest First',
  title: 'Title',
  subject: 'Subject',
};

/** Defaults are left out of the URL: `/student/essays` is the plain list. */
export interface EssaysSearch {
  status?: Exclude<EssayFilter, 'all'>;
  sort?: Exclude<EssaySort, 'latest'>;
  q?: string;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

export function validateEssaysSearch(raw: Record<string, unknown>): EssaysSearch {
  const search: EssaysSearch = {};
  if (isOneOf(ESSAY_FILTERS, raw.status) && raw.status !== 'all') search.status = raw.status;
  if (isOneOf(ESSAY_SORTS, raw.sort) && raw.sort !== 'latest') search.sort = raw.sort;
  if (typeof raw.q === 'string' && raw.q.trim()) search.q = raw.q.slice(0, 200);
  return search;
}

export interface EssayUploadSearch {
  /** Step two (Confirm Essay Details) of an uploaded essay: survives a reload, and the essay cards link to it. */
  essayId?: string;
}

export function validateEssayUploadSearch(raw: Record<string, unknown>): EssayUploadSearch {
  return typeof raw.essayId === 'string' && /^[0-9a-f-]{36}$/i.test(raw.essayId) ? { essayId: raw.essayId } : {};
}

/** The list as shown: searched by title (case-insensitive), then sorted (latest first by default). */
export function visibleEssays(essays: readonly Essay[], { sort, q }: { sort?: EssaySort; q?: string }): Essay[] {
  const needle = q?.trim().toLowerCase();
  const found = needle ? essays.filter((essay) => essay.title.toLowerCase().includes(needle)) : [...essays];
  const byText = (key: 'title' | 'subject') => (a: Essay, b: Essay) =>
    a[key].localeCompare(b[key], 'en', { sensitivity: 'base' }) || b.createdAt.localeCompare(a.createdAt);
  if (sort === 'title') return found.sort(byText('title'));
  if (sort === 'subject') return found.sort(byText('subject'));
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
