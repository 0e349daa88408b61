import { Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { MailProcessor } from '../mail/mail.processor.js';
import { checkJobCoverage, type JobHandlerSet } from './job-handler.js';
import { JOB_QUEUE, type JobName } from './job-registry.js';

/** Every processor class; each declares the job names it handles in a static `handles`. */
export const PROCESSORS = [MailProcessor];

/**
 * Consumers. Imported by `worker.ts`, and by `main.ts` when WORKERS=inline. Start-up fails when a job
 * name of the registry has no processor or two, so a job can never sit in Redis with nobody to run it.
 */
@Module({ providers: [...PROCESSORS] })
export class WorkersModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(WorkersModule.name);

  onApplicationBootstrap(): void {
    const problems = checkJobCoverage(Object.keys(JOB_QUEUE) as JobName[], PROCESSORS as unknown as JobHandlerSet[]);
    if (problems.length > 0) throw new Error(`Job registry: ${problems.join('; ')}`);
    this.logger.log(`workers running: ${PROCESSORS.map((p) => p.name).join(', ')}`);
  }
}
