import type { Job } from 'bullmq';
import type { JobName, JobPayloads, QueueName } from './job-registry.js';

export type JobOf<N extends JobName> = Job<JobPayloads[N], unknown, N>;

/** A discovered `@OnJob` method, bound to its provider instance. */
export interface JobHandler {
  name: string;
  queue: QueueName;
  /** `Class.method`, for messages. */
  label: string;
  run: (job: Job) => Promise<unknown>;
}

/**
 * What is wrong between the registry (name → queue) and the discovered handlers: a registry name with no
 * handler, any name with two, a handler on another queue than the registry's. Empty when all is well.
 */
export function checkJobCoverage(registry: Readonly<Record<string, QueueName>>, handlers: readonly Pick<JobHandler, 'name' | 'queue' | 'label'>[]): string[] {
  const problems: string[] = [];
  const names = new Set([...Object.keys(registry), ...handlers.map((h) => h.name)]);
  for (const name of names) {
    const mine = handlers.filter((h) => h.name === name);
    if (name in registry && mine.length === 0) problems.push(`job "${name}" has no handler`);
    if (!(name in registry)) problems.push(`job "${name}" has a handler but no module registered it (defineJobs)`);
    if (mine.length > 1) problems.push(`job "${name}" has ${mine.length} handlers (${mine.map((h) => h.label).join(', ')})`);
    for (const handler of mine) {
      const expected = registry[name];
      if (expected && handler.queue !== expected) {
        problems.push(`${handler.label} takes job "${name}" from queue "${handler.queue}", but the registry puts it on "${expected}"`);
      }
    }
  }
  return problems;
}

/** Routes one job of a queue to the handler of its name; a name nobody handles fails the job loudly. */
export async function dispatchJob(handlers: ReadonlyMap<string, JobHandler>, job: Job): Promise<unknown> {
  const handler = handlers.get(job.name);
  if (!handler) throw new Error(`no handler for job "${job.name}" on queue "${job.queueName}" (id ${job.id})`);
  return handler.run(job);
}
