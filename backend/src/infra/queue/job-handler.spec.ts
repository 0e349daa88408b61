import { describe, expect, it, jest } from '@jest/globals';
import type { Job } from 'bullmq';
import { checkJobCoverage, dispatchJob, type JobHandler } from './job-handler.js';
import type { QueueName } from './job-registry.js';

const handler = (name: string, queue: QueueName, label = `H.${name}`): JobHandler => ({ name, queue, label, run: jest.fn(async () => label) });
const job = (name: string) => ({ name, id: '7', queueName: 'maintenance' }) as unknown as Job;

describe('job registry coverage', () => {
  const registry = { 'mail.send': 'mail', 'essay.wordcount.expire': 'essays' } as const;

  it('accepts one handler per registry name, on its queue', () => {
    expect(checkJobCoverage(registry, [handler('mail.send', 'mail'), handler('essay.wordcount.expire', 'essays')])).toEqual([]);
  });

  it('names a job nobody handles, one handled twice, and a handler on the wrong queue', () => {
    const problems = checkJobCoverage(registry, [handler('mail.send', 'mail', 'A.send'), handler('mail.send', 'mail', 'B.send')]);
    expect(problems).toEqual(['job "mail.send" has 2 handlers (A.send, B.send)', 'job "essay.wordcount.expire" has no handler']);
    expect(checkJobCoverage(registry, [handler('mail.send', 'mail'), handler('essay.wordcount.expire', 'maintenance', 'E.expire')])).toEqual([
      'E.expire takes job "essay.wordcount.expire" from queue "maintenance", but the registry puts it on "essays"',
    ]);
  });

  it('names a handler whose job no module registered', () => {
    const problems = checkJobCoverage(registry, [handler('mail.send', 'mail'), handler('essay.wordcount.expire', 'essays'), handler('essay.unheard-of', 'essays', 'E.x')]);
    expect(problems).toEqual(['job "essay.unheard-of" has a handler but no module registered it (defineJobs)']);
  });
});

describe('dispatchJob', () => {
  it('runs the handler of the job name, and only that one', async () => {
    const alpha = handler('maintenance.alpha', 'maintenance');
    const beta = handler('maintenance.beta', 'maintenance');
    const routes = new Map([alpha, beta].map((h) => [h.name, h]));
    expect(await dispatchJob(routes, job('maintenance.beta'))).toBe('H.maintenance.beta');
    expect(beta.run).toHaveBeenCalledTimes(1);
    expect(alpha.run).not.toHaveBeenCalled();
  });

  it('fails a job whose name has no handler on that queue', async () => {
    await expect(dispatchJob(new Map(), job('maintenance.something-else'))).rejects.toThrow('no handler for job "maintenance.something-else" on queue "maintenance" (id 7)');
  });
});
