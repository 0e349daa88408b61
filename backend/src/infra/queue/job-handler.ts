import type { Job } from 'bullmq';
import type { JobName, JobPayloads } from './job-registry.js';

/** A processor declares the job names it handles; the registry check reads these at start-up. */
export const JOB_HANDLERS = Symbol('JOB_HANDLERS');

export interface JobHandlerSet {
  readonly handles: readonly JobName[];
}

export type JobOf<N extends JobName> = Job<JobPayloads[N], unknown, N>;

/** Returns the names of the registry that no handler covers, and those covered more than once. */
export function checkJobCoverage(names: readonly JobName[], handlerSets: readonly JobHandlerSet[]): string[] {
  const problems: string[] = [];
  for (const name of names) {
    const count = handlerSets.filter((set) => set.handles.includes(name)).length;
    if (count === 0) problems.push(`job "${name}" has no processor`);
    if (count > 1) problems.push(`job "${name}" has ${count} processors`);
  }
  return problems;
}
