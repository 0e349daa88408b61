import type { JobName, QueueName } from './job-registry.js';

/** Metadata key of a job handler method (read by JobWorkers through Nest's discovery). */
export const ON_JOB = Symbol('redpen:on-job');

export interface OnJobOptions {
  /** The stable job name of the registry (`maintenance.purge-expired-auth`), never a class name. */
  name: JobName;
  /** The queue the registry puts that name on; checked at boot, so a handler cannot listen on the wrong one. */
  queue: QueueName;
}

/**
 * Marks a provider's method as the handler of one job name. The method receives the BullMQ job; what it
 * returns is kept as the job's return value. Handlers must be safe to run twice (a stalled job is retried).
 */
export function OnJob(options: OnJobOptions): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(ON_JOB, options, descriptor.value as object);
    return descriptor;
  };
}

export function onJobOptions(method: unknown): OnJobOptions | undefined {
  return typeof method === 'function' ? (Reflect.getMetadata(ON_JOB, method) as OnJobOptions | undefined) : undefined;
}
