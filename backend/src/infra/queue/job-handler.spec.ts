import { describe, expect, it } from '@jest/globals';
import { checkJobCoverage } from './job-handler.js';
import { JOB_QUEUE, type JobName } from './job-registry.js';
import { PROCESSORS } from './workers.module.js';

describe('job registry coverage', () => {
  it('every registered job has exactly one processor', () => {
    expect(checkJobCoverage(Object.keys(JOB_QUEUE) as JobName[], PROCESSORS)).toEqual([]);
  });

  it('names a job nobody handles, and one handled twice', () => {
    const names = ['mail.send', 'essay.wordcount.expire'] as unknown as JobName[];
    const problems = checkJobCoverage(names, [{ handles: ['mail.send'] }, { handles: ['mail.send'] }]);
    expect(problems).toEqual(['job "mail.send" has 2 processors', 'job "essay.wordcount.expire" has no processor']);
  });
});
